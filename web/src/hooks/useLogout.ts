import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLogoutMutation } from "../app/services/auth";
import { useRemovePushSubscriptionMutation } from "../app/services/notifications";
import { forgetPushOnLogout } from "../utils/push";
import { toast } from "../utils/toast";

/** Logout with its confirmation: `ask()` opens the dialog, `confirm()` logs out. */
export default function useLogout() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [logout, { isLoading }] = useLogoutMutation();
  const [removePush] = useRemovePushSubscriptionMutation();
  return {
    asking,
    busy: isLoading,
    ask: () => setAsking(true),
    cancel: () => setAsking(false),
    confirm: async () => {
      // This browser's Web Push subscription is the signed-in user's: it goes with the session.
      await forgetPushOnLogout((endpoint) => removePush(endpoint));
      await logout();
      toast.success(t("tip.logout_success"));
    },
  };
}
