import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { InfoIcon } from "../../components/Icons";
import MenuButton from "../../components/MenuButton";
import Button from "../../components/ui/Button";
import EmptyState from "../../components/ui/EmptyState";

/** A conversation that does not exist (or is not visible to this user). */
export default function NotFoundInLayout({ text }: { text: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-14 items-center border-b border-zinc-200 px-4 md:hidden dark:border-zinc-800">
        <MenuButton />
      </div>
      <EmptyState className="flex-1" icon={<InfoIcon size={28} />} title={text}>
        <Button variant="secondary" onClick={() => navigate("/")}>
          {t("not_found.home")}
        </Button>
      </EmptyState>
    </div>
  );
}
