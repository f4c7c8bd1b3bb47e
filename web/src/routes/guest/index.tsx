/**
 * `/guest_login`: enter as a guest (`GET /api/token/login_guest`) when guest mode is on,
 * then go to the remembered path. Guests read public channels and must sign in to send.
 */
import "../../styles/app.css";
import "../../app/services";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { KEY_TRY_PATH } from "../../app/config";
import { useAppDispatch, useAppSelector } from "../../app/hooks";
import { getLocal } from "../../utils/storage";
import { useGuestLoginMutation } from "../../app/services/auth";
import { setAuthData } from "../../app/slices/auth.data";
import AuthHeader, { StateIcon } from "../../components/auth/AuthHeader";
import AuthShell from "../../components/AuthShell";
import { Spinner, UserIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";

export default function GuestLogin() {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const guestMode = useAppSelector((s) => s.server.loginConfig?.guest);
  const alreadyGuest = useAppSelector((s) => s.authData.guest && !!s.authData.token);
  const [guestLogin] = useGuestLoginMutation();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (!guestMode || started.current) return;
    started.current = true;
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
  }, [guestMode, alreadyGuest, guestLogin, dispatch, navigate]);

  if (!guestMode || failed) {
    return (
      <AuthShell>
        <AuthHeader
          icon={
            <StateIcon tone="warning">
              <UserIcon size={26} />
            </StateIcon>
          }
          title={guestMode ? t("guest.failed_title") : t("guest.off_title")}
          desc={guestMode ? t("guest.failed_desc") : t("guest.off_desc")}
        />
        <Button block size="lg" className="mt-8" onClick={() => navigate("/login", { replace: true })}>
          {t("login.submit")}
        </Button>
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <AuthHeader title={t("guest.title")} desc={t("guest.desc")} />
      <div className="mt-8 flex justify-center" role="status" aria-label={t("guest.entering")}>
        <Spinner size={26} className="text-primary-500" />
      </div>
    </AuthShell>
  );
}
