/** `/oauth/{token}`: a third-party key (`credential.type = thirdparty`) signs the user in. */
import "../../styles/app.css";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";
import { useAppDispatch } from "../../app/hooks";
import { loginWith } from "../../app/login";
import AuthHeader, { AuthSpinner, LoginFailed } from "../../components/auth/AuthHeader";
import AuthShell from "../../components/AuthShell";
import { useRunOnce } from "../../hooks/useRunOnce";

export default function OAuthPage() {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { token = "" } = useParams();
  const [failed, setFailed] = useState(false);

  useRunOnce(true, () => {
    if (!token) {
      setFailed(true);
      return;
    }
    void loginWith(dispatch, { type: "thirdparty", key: token }).then((res) => {
      if (res.error) setFailed(true);
      else navigate("/", { replace: true });
    });
  });

  return (
    <AuthShell>
      {failed ? (
        <LoginFailed title={t("oauth.failed_title")} desc={t("oauth.failed_desc")} />
      ) : (
        <>
          <AuthHeader title={t("oauth.title")} desc={t("oauth.desc")} />
          <AuthSpinner label={t("login.signing_in")} />
        </>
      )}
    </AuthShell>
  );
}
