import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppDispatch } from "../app/hooks";
import { useLogoutMutation } from "../app/services/auth";
import { toast } from "../utils/toast";

/** Logout with its confirmation: `ask()` opens the dialog, `confirm()` logs out. */
export default function useLogout() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [logout, { isLoading }] = useLogoutMutation();
  const dispatch = useAppDispatch();
  return {
    asking,
    busy: isLoading,
    ask: () => setAsking(true),
    cancel: () => setAsking(false),
    confirm: async () => {
      // This browser's Web Push subscription is the signed-in user's: it goes with the session.
      // The push code loads on confirming (the chat route does not carry it); a chunk that
      // cannot load does not keep anyone signed in.
      await Promise.all([import("../utils/push"), import("../app/services/notifications")])
        .then(([{ forgetPushOnLogout }, { notificationsApi }]) => forgetPushOnLogout((endpoint) => dispatch(notificationsApi.endpoints.removePushSubscription.initiate(endpoint))))
        .catch(() => undefined);
      await logout();
      toast.success(t("tip.logout_success"));
    },
  };
}
