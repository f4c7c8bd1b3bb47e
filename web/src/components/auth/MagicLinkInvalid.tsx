import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { errorText } from "../../app/services/errors";
import { LinkIcon } from "../Icons";
import Button from "../ui/Button";

/** The magic-link invalid or expired page. */
export default function MagicLinkInvalid() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  return (
    <div className="text-center" data-testid="magic-link-invalid">
      <span className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-amber-100 text-amber-600 dark:bg-amber-950 dark:text-amber-400">
        <LinkIcon size={26} />
      </span>
      <h1 className="mt-5 text-xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("magic_link.invalid_title")}</h1>
      <p className="mx-auto mt-2 max-w-xs text-sm leading-relaxed text-zinc-500 dark:text-zinc-400">{errorText("magicLinkInvalid")}</p>
      <div className="mt-7 flex flex-col gap-2">
        <Button onClick={() => navigate("/email_login", { replace: true })}>{t("magic_link.request_new")}</Button>
        <Button variant="ghost" onClick={() => navigate("/login", { replace: true })}>
          {t("magic_link.back_to_login")}
        </Button>
      </div>
    </div>
  );
}
