/** `/oauth/{token}`: a third-party key (`credential.type = thirdparty`) signs the user in. */
import "../../styles/app.css";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useAppDispatch } from "../../app/hooks";
import { loginWith } from "../../app/login";
import AuthHeader, { StateIcon } from "../../components/auth/AuthHeader";
import AuthShell from "../../components/AuthShell";
import { AlertIcon, Spinner } from "../../components/Icons";
import Button from "../../components/ui/Button";

export default function OAuthPage() {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token = "" } = useParams();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      setFailed(true);
      return;
    }
    void loginWith(dispatch, { type: "thirdparty", key: token }).then((res) => {
      if (res.error) setFailed(true);
      else navigate("/", { replace: true });
    });
  }, [token, dispatch, navigate]);

  return (
    <AuthShell>
      {failed ? (
        <>
          <AuthHeader
            icon={
              <StateIcon tone="danger">
                <AlertIcon size={26} />
              </StateIcon>
            }
            title={t("oauth.failed_title")}
            desc={t("oauth.failed_desc")}
          />
          <Button block size="lg" className="mt-8" onClick={() => navigate("/login", { replace: true })}>
            {t("magic_link.back_to_login")}
          </Button>
        </>
      ) : (
        <>
          <AuthHeader title={t("oauth.title")} desc={t("oauth.desc")} />
          <div className="mt-8 flex justify-center" role="status" aria-label={t("login.signing_in")}>
            <Spinner size={26} className="text-primary-500" />
          </div>
        </>
      )}
    </AuthShell>
  );
}
