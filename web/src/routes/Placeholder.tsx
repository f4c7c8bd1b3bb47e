import { Link } from "react-router";
import { useTranslation } from "react-i18next";

/** A route that exists but is built by a later issue. */
export default function Placeholder({ inLayout = false }: { inLayout?: boolean }) {
  const { t } = useTranslation();
  return (
    <main
      className={`flex flex-col items-center justify-center gap-3 px-6 text-center ${inLayout ? "h-full" : "min-h-screen bg-zinc-50 dark:bg-zinc-950"}`}
    >
      <h1 className="text-lg font-semibold text-zinc-900 dark:text-zinc-100">{t("placeholder.title")}</h1>
      <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("placeholder.desc")}</p>
      <Link to="/" className="btn-secondary mt-2">
        {t("not_found.home")}
      </Link>
    </main>
  );
}
