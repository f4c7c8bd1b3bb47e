/**
 * `/files` on servers from 0.3.11: the files shared across conversations. Admins read
 * the server's complete list (`GET /admin/system/files`, admins only); everyone else sees the
 * file messages of the conversations loaded in this client.
 */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { useGetFilesQuery } from "../../app/services/files";
import { dmIndex, fromServerRows, fromStore } from "./entries";
import FilesScreen from "./FilesScreen";

function AdminFiles() {
  const { t } = useTranslation("file");
  const { data, isLoading, isError, refetch } = useGetFilesQuery(undefined, { refetchOnMountOrArgChange: true });
  const me = useAppSelector((s) => s.authData.user?.uid ?? 0);
  const dm = useAppSelector((s) => s.messages.dm);
  const entries = useMemo(() => (data ? fromServerRows(data, me, dmIndex({ dm })) : []), [data, me, dm]);
  return <FilesScreen title={t("title")} subtitle={t("subtitle")} entries={entries} loading={isLoading} error={isError} onRetry={() => void refetch()} />;
}

function MemberFiles() {
  const { t } = useTranslation("file");
  const messages = useAppSelector((s) => s.messages);
  const entries = useMemo(() => fromStore(messages), [messages]);
  return <FilesScreen title={t("title")} subtitle={t("subtitle")} entries={entries} note={t("loaded_note")} />;
}

export default function FilesPage() {
  const admin = useAppSelector((s) => !!s.authData.user?.is_admin);
  return admin ? <AdminFiles /> : <MemberFiles />;
}
