import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import { useClearAnnouncementMutation, useSetAnnouncementMutation } from "../../../app/services/channelAdmin";
import { serverText } from "../../../app/services/errors";
import { toast } from "../../../utils/toast";
import { dateTime } from "../../../utils/dates";
import { Spinner } from "../../../components/Icons";
import Alert from "../../../components/ui/Alert";
import Button from "../../../components/ui/Button";
import Textarea from "../../../components/ui/Textarea";
import Timestamp from "../../../components/ui/Timestamp";
import { useAnnouncement } from "../../chat/announcement";

/** The server's limit on an announcement (docs/API.md "Groups"). */
const MAX_LENGTH = 10_000;

/** The channel's announcement: read by its members, set and cleared by its owner and admins. */
export default function AnnouncementCard({ gid, editable }: { gid: number; editable: boolean }) {
  const { t, i18n } = useTranslation("setting");
  const announcement = useAnnouncement(gid);
  const users = useAppSelector((s) => s.users.byId);
  const current = announcement?.content ?? "";
  const [text, setText] = useState(current);
  // Follow a change made elsewhere (another admin, the stream) while nothing is being edited here.
  const [synced, setSynced] = useState(current);
  if (synced !== current) {
    if (text === synced) setText(current);
    setSynced(current);
  }
  const [error, setError] = useState<string | null>(null);
  const [save, { isLoading: saving }] = useSetAnnouncementMutation();
  const [clear, { isLoading: clearing }] = useClearAnnouncementMutation();
  const dirty = text.trim() !== current;

  const refused = (res: { error?: unknown }) => {
    const data = (res.error as { data?: unknown } | undefined)?.data;
    setError(serverText(data) ?? t("announcement.failed"));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || !dirty) return;
    setError(null);
    const res = await save({ gid, content: text.trim() });
    if ("error" in res) refused(res);
    else toast.success(t("announcement.saved"));
  };
  const remove = async () => {
    setError(null);
    const res = await clear(gid);
    if ("error" in res) refused(res);
    else {
      setText("");
      toast.success(t("announcement.cleared"));
    }
  };

  const author = announcement ? users[announcement.created_by]?.name : undefined;
  const meta = announcement && (
    <p className="text-xs text-zinc-500 dark:text-zinc-400" data-testid="announcement-meta">
      <Timestamp ts={announcement.updated_at}>{author ? t("announcement.updated_by", { name: author, when: dateTime(announcement.updated_at, i18n.language) }) : dateTime(announcement.updated_at, i18n.language)}</Timestamp>
    </p>
  );

  if (announcement === undefined) {
    return (
      <div className="flex h-24 items-center justify-center rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        <Spinner size={20} className="text-primary-500" label={t("announcement.title")} />
      </div>
    );
  }

  if (!editable) {
    return (
      <section className="rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900" aria-label={t("announcement.title")} data-testid="announcement-card">
        {announcement ? (
          <>
            <p className="text-sm break-words whitespace-pre-wrap text-zinc-800 dark:text-zinc-200" data-testid="announcement-content">
              {announcement.content}
            </p>
            <div className="mt-3">{meta}</div>
          </>
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("announcement.none")}</p>
        )}
      </section>
    );
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" aria-label={t("announcement.title")} data-testid="announcement-card">
      <div className="space-y-3 p-5">
        <Textarea
          label={t("announcement.label")}
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={4}
          maxLength={MAX_LENGTH}
          placeholder={t("announcement.placeholder")}
          areaClassName="resize-y text-sm"
          data-testid="announcement-input"
        />
        {meta}
        {error && (
          <Alert tone="error" className="text-sm">
            {error}
          </Alert>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t border-zinc-100 px-5 py-3 dark:border-zinc-800">
        {announcement && (
          <Button type="button" variant="secondary" size="sm" className="text-red-600! dark:text-red-400!" loading={clearing} onClick={() => void remove()} data-testid="announcement-clear">
            {t("announcement.clear")}
          </Button>
        )}
        <Button type="submit" size="sm" disabled={!dirty || !text.trim()} loading={saving} data-testid="announcement-save">
          {announcement ? t("announcement.update") : t("announcement.publish")}
        </Button>
      </div>
    </form>
  );
}
