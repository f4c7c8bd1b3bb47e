import { Link } from "react-router";
import { useTranslation } from "react-i18next";
import MenuButton from "../../components/MenuButton";

export default function NotFoundInLayout({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 items-center border-b border-zinc-200 px-4 md:hidden dark:border-zinc-800">
        <MenuButton />
      </div>
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <p className="text-zinc-600 dark:text-zinc-300">{text}</p>
        <Link to="/" className="btn-secondary">
          {t("not_found.home")}
        </Link>
      </div>
    </div>
  );
}
