import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** Any unknown path: a plain '404 page' (spec §2). */
export default function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 bg-zinc-50 px-6 text-center dark:bg-zinc-950">
      <p className="text-6xl font-black tracking-tight text-zinc-200 dark:text-zinc-800" aria-hidden="true">
        404
      </p>
      <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-100">{t("not_found.title")}</h1>
      <Link to="/" className="btn-secondary mt-2">
        {t("not_found.home")}
      </Link>
    </main>
  );
}
