/**
 * `/files` on servers before 0.3.11: the older "Resources" screen, built from the file
 * messages held in the store (those servers have no file list).
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { fromStore } from "./entries";
import FilesScreen from "./FilesScreen";

export default function LegacyFilesPage() {
  const { t } = useTranslation("file");
  const messages = useAppSelector((s) => s.messages);
  const entries = useMemo(() => fromStore(messages), [messages]);
  return <FilesScreen title={t("legacy_title")} subtitle={t("legacy_desc")} entries={entries} note={t("loaded_note")} />;
}
