import "../../styles/app.css";
import "../../app/services";
import { Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import AuthShell from "../../components/AuthShell";

/** `/register`: the frame of the sign-up steps (index, then `set_name/{from?}`). */
export default function RegisterLayout() {
  const { t } = useTranslation("auth");
  return (
    <AuthShell
      footer={
        <>
          {t("register.have_account")}{" "}
          <Link to="/login" className="font-semibold text-primary-600 hover:underline dark:text-primary-400">
            {t("login.submit")}
          </Link>
        </>
      }
    >
      <Outlet />
    </AuthShell>
  );
}

/** The invitation's magic token: the hash query (`/#/register?magic_token=`) or the real one (`/?magic_token=…#/register`). */
export function readMagicToken(hashQuery: URLSearchParams): string {
  return hashQuery.get("magic_token") ?? new URLSearchParams(window.location.search).get("magic_token") ?? "";
}
