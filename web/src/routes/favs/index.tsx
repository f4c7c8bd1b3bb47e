import { useTranslation } from "react-i18next";
import { BookmarkIcon } from "../../components/Icons";
import EmptyState from "../../components/ui/EmptyState";
import PageHeader from "../../components/ui/PageHeader";

/** `/favs`: saved items (spec §2). Saving messages arrives with the messages issue; until then, its empty state. */
export default function FavsPage() {
  const { t } = useTranslation("fav");
  return (
    <div className="flex h-full flex-col">
      <PageHeader title={t("title")} subtitle={t("subtitle")} icon={<BookmarkIcon size={18} />} />
      <EmptyState className="flex-1" icon={<BookmarkIcon size={28} />} title={t("empty_title")} description={t("empty_desc")} />
    </div>
  );
}
