/**
 * `/setting/auto_delete` (admins): how long the server keeps uploaded files
 * (`max_file_expiry_mode` of `/admin/system/common`, applied at once with a toast, as on
 * Configuration), and how messages are deleted automatically. The server has no server-wide
 * default for messages (docs/API.md "Messages": burn after reading is each sender's setting per
 * conversation), so the page explains it and links to the admin's own conversations' settings.
 */
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DEFAULT_SYSTEM_COMMON, type FileExpiryMode } from "@parley/protocol";
import { useAppSelector } from "../../../app/hooks";
import { useUpdateSystemCommonMutation } from "../../../app/services/adminSystem";
import { refusalText } from "../../../app/services/refusal";
import { useGetSystemCommonQuery } from "../../../app/services/server";
import { durationLabel } from "../../../components/aside/duration";
import { HashIcon, UsersIcon } from "../../../components/Icons";
import { toast } from "../../../utils/toast";
import { Section, SelectRow } from "./parts";

/** The values `PUT /admin/system/common` accepts for `max_file_expiry_mode`. */
const FILE_EXPIRY: FileExpiryMode[] = ["Off", "Day1", "Day7", "Day30", "Day90", "Day180"];

/** One conversation where the admin has set an auto-delete time, with the way to its settings. */
interface Entry {
  key: string;
  name: string;
  icon: ReactNode;
  seconds: number;
  to: string;
}

/** The conversations where the admin's own messages are deleted automatically. */
function useMyAutoDeletes(): Entry[] {
  const channels = useAppSelector((s) => s.channels.byId);
  const users = useAppSelector((s) => s.users.byId);
  const byChannel = useAppSelector((s) => s.footprint.autoDeleteChannels);
  const byUser = useAppSelector((s) => s.footprint.autoDeleteUsers);
  return [
    ...Object.entries(byChannel).map(([gid, seconds]) => ({
      key: `c${gid}`,
      name: `#${channels[Number(gid)]?.name ?? gid}`,
      icon: <HashIcon size={16} />,
      seconds,
      to: `/setting/channel/${gid}/overview`,
    })),
    ...Object.entries(byUser).map(([uid, seconds]) => ({
      key: `u${uid}`,
      name: users[Number(uid)]?.name ?? `#${uid}`,
      icon: <UsersIcon size={16} />,
      seconds,
      to: `/setting/dm/${uid}/overview`,
    })),
  ].filter((e) => e.seconds > 0);
}

export default function AutoDelete() {
  const { t } = useTranslation("setting");
  const { t: tChat } = useTranslation("chat");
  const { isLoading, isError } = useGetSystemCommonQuery(undefined, { refetchOnMountOrArgChange: true });
  const stored = useAppSelector((s) => s.server.common);
  const [update] = useUpdateSystemCommonMutation();
  // The choice being sent shows at once; the stored one returns if the server refuses it.
  const [pending, setPending] = useState<FileExpiryMode | null>(null);
  const expiry = pending ?? stored?.max_file_expiry_mode ?? DEFAULT_SYSTEM_COMMON.max_file_expiry_mode;
  const mine = useMyAutoDeletes();

  const apply = async (max_file_expiry_mode: FileExpiryMode) => {
    setPending(max_file_expiry_mode);
    const res = await update({ max_file_expiry_mode });
    setPending(null);
    if ("error" in res) toast.error(refusalText(res.error) ?? t("configuration.failed"));
    else toast.success(t("configuration.saved"));
  };

  if (isLoading) return <div className="h-full" aria-busy="true" />;
  return (
    <div className="mx-auto max-w-2xl space-y-8 p-6" data-testid="auto-delete">
      {isError && !stored && <p className="text-sm text-red-600 dark:text-red-400">{t("configuration.load_failed")}</p>}
      <Section title={t("auto_delete.files")} description={t("auto_delete.files_desc")}>
        <SelectRow
          label={t("configuration.max_file_expiry_mode")}
          description={t("auto_delete.expiry_desc")}
          value={expiry}
          options={FILE_EXPIRY.map((v) => ({ value: v, label: t(`configuration.expiry.${v}`) }))}
          onChange={(v) => void apply(v)}
          testId="file-expiry"
        />
      </Section>
      <Section title={t("auto_delete.messages")} description={t("auto_delete.messages_desc")} testId="auto-delete-messages">
        <div className="space-y-2 px-5 py-4 text-sm text-zinc-600 dark:text-zinc-300">
          <p>{t("auto_delete.how")}</p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("auto_delete.no_default")}</p>
        </div>
        <div className="px-5 py-4">
          <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{t("auto_delete.mine")}</p>
          {mine.length === 0 ? (
            <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400" data-testid="auto-delete-none">
              {t("auto_delete.mine_none")}
            </p>
          ) : (
            <ul className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800" data-testid="auto-delete-list">
              {mine.map((e) => (
                <li key={e.key} className="flex items-center gap-3 py-2">
                  <span className="text-zinc-400">{e.icon}</span>
                  <span className="min-w-0 flex-1 truncate text-sm text-zinc-900 dark:text-zinc-100">{e.name}</span>
                  <span className="text-xs text-zinc-500 dark:text-zinc-400">{durationLabel(e.seconds, tChat)}</span>
                  <Link to={e.to} className="rounded text-sm font-medium text-primary-600 hover:underline focus-visible:ring-2 focus-visible:ring-primary-500/40 focus-visible:outline-none dark:text-primary-400">
                    {t("auto_delete.change")}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Section>
    </div>
  );
}
