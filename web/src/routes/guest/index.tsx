/**
 * `/guest_login`: enter as a guest (`GET /api/token/login_guest`) when guest mode is on,
 * then go to the remembered path. Guests read public channels and must sign in to send.
 */
import "../../styles/app.css";
import "../../app/services";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { KEY_TRY_PATH } from "../../app/config";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { getLocal } from "../../utils/storage";
import { useGuestLoginMutation } from "../../app/services/auth";
import { setAuthData } from "../../app/slices/auth.data";
import AuthHeader, { AuthSpinner, ToLoginButton } from "../../components/auth/AuthHeader";
import AuthShell from "../../components/AuthShell";
import { UserIcon } from "../../components/Icons";
import { useRunOnce } from "../../hooks/useRunOnce";

export default function GuestLogin() {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const guestMode = useAppSelector((s) => s.server.loginConfig?.guest);
  const alreadyGuest = useAppSelector((s) => s.authData.guest && !!s.authData.token);
  const [guestLogin] = useGuestLoginMutation();
  const [failed, setFailed] = useState(false);

  useRunOnce(!!guestMode, () => {
    if (alreadyGuest) {
      navigate("/", { replace: true });
      return;
    }
    void guestLogin().then((res) => {
      if (!("data" in res) || !res.data) return setFailed(true);
      dispatch(setAuthData(res.data));
      // A guest session may stay on login pages, so go on to the remembered path here.
      navigate(getLocal(KEY_TRY_PATH) ?? "/", { replace: true });
    });
  });

  if (!guestMode || failed) {
    return (
      <AuthShell>
        <AuthHeader
          tone="warning"
          icon={<UserIcon size={26} />}
          title={guestMode ? t("guest.failed_title") : t("guest.off_title")}
          desc={guestMode ? t("guest.failed_desc") : t("guest.off_desc")}
        />
        <ToLoginButton>{t("login.submit")}</ToLoginButton>
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <AuthHeader title={t("guest.title")} desc={t("guest.desc")} />
      <AuthSpinner label={t("guest.entering")} />
    </AuthShell>
  );
}
