import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLogoutMutation } from "../app/services/auth";
import { toast } from "../utils/toast";

/** Logout with its confirmation: `ask()` opens the dialog, `confirm()` logs out. */
export default function useLogout() {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [logout, { isLoading }] = useLogoutMutation();
  return {
    asking,
    busy: isLoading,
    ask: () => setAsking(true),
    cancel: () => setAsking(false),
    confirm: async () => {
      await logout();
      toast.success(t("tip.logout_success"));
    },
  };
}
