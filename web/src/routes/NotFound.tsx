import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** Any unknown path: a plain '404 page'. */
export default function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 bg-zinc-50 px-6 text-center dark:bg-zinc-950">
      <p className="bg-gradient-to-b from-zinc-300 to-zinc-100 bg-clip-text text-8xl font-black tracking-tight text-transparent dark:from-zinc-700 dark:to-zinc-900" aria-hidden="true">
        404
      </p>
      <h1 className="text-xl font-semibold text-zinc-900 dark:text-zinc-100">{t("not_found.title")}</h1>
      <p className="max-w-sm text-sm text-zinc-500 dark:text-zinc-400">{t("not_found.desc")}</p>
      <Link to="/" className="btn-secondary mt-3">
        {t("not_found.home")}
      </Link>
    </main>
  );
}
