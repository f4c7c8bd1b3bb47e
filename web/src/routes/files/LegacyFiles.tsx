import { useTranslation } from "react-i18next";
import { FolderIcon } from "../../components/Icons";
import EmptyState from "../../components/ui/EmptyState";
import PageHeader from "../../components/ui/PageHeader";

/** `/files` on servers before 0.3.11 (spec §2): the older resource list. */
export default function LegacyFilesPage() {
  const { t } = useTranslation("file");
  return (
    <div className="flex h-full flex-col">
      <PageHeader title={t("legacy_title")} icon={<FolderIcon size={18} />} />
      <EmptyState className="flex-1" icon={<FolderIcon size={28} />} title={t("empty_title")} description={t("legacy_desc")} />
    </div>
  );
}
