import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationChannel, NotificationChannelInput } from "@parley/protocol";
import { useAppSelector } from "../../../../app/hooks";
import { refusalText } from "../../../../app/services/refusal";
import {
  useAddNotificationChannelMutation,
  useDeleteNotificationChannelMutation,
  useGetAvailableChannelTypesQuery,
  useGetChannelSchemasQuery,
  useGetNotificationChannelsQuery,
  useTestNotificationChannelMutation,
  useUpdateNotificationChannelMutation,
} from "../../../../app/services/notifications";
import { PencilIcon, PlusIcon, SendIcon, TrashIcon } from "../../../../components/Icons";
import Alert from "../../../../components/ui/Alert";
import Badge from "../../../../components/ui/Badge";
import Button from "../../../../components/ui/Button";
import ConfirmDialog from "../../../../components/ui/ConfirmDialog";
import Toggle from "../../../../components/ui/Toggle";
import { Section } from "../parts";
import ChannelModal from "./ChannelModal";
import { typeName } from "./schemaText";

/** The fields a `POST`/`PUT` takes, from a stored channel or the modal's form. */
const inputOf = (c: NotificationChannelInput): NotificationChannelInput => ({
  channel_type: c.channel_type,
  name: c.name,
  enabled: c.enabled,
  config: c.config,
  trigger_on_all_messages: c.trigger_on_all_messages,
  trigger_on_mentions: c.trigger_on_mentions,
  trigger_on_groups: c.trigger_on_groups,
  skip_when_online: c.skip_when_online,
  ...(c.rate_limit_rps === undefined ? {} : { rate_limit_rps: c.rate_limit_rps }),
});

type TestOutcome = { ok: boolean; text: string };

/** One channel: its switch, Send test (the outcome under it), Edit and Delete. */
function ChannelRow({ channel, typeName, onEdit, onDelete }: { channel: NotificationChannel; typeName: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation("setting");
  const [update, { isLoading: switching }] = useUpdateNotificationChannelMutation();
  const [test, { isLoading: testing }] = useTestNotificationChannelMutation();
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const groupNames = useAppSelector((s) => channel.trigger_on_groups.map((gid) => `#${s.channels.byId[gid]?.name ?? gid}`).join(", "));
  // What fires it, as the server's triggers read (docs/NOTIFICATIONS.md "Notification channels").
  const triggerSummary = (c: NotificationChannel) => {
    const parts = c.trigger_on_all_messages ? [t("notify.channel.on_all")] : [c.trigger_on_mentions ? t("notify.channel.on_mentions") : null, groupNames || null].filter(Boolean);
    if (!parts.length) return t("notify.channel.on_nothing");
    return [...parts, c.skip_when_online ? t("notify.channel.skip_online") : null].filter(Boolean).join(" · ");
  };
  const [switchError, setSwitchError] = useState<string | null>(null);

  const sendTest = async () => {
    setOutcome(null);
    const res = await test(channel.id);
    if ("error" in res) return setOutcome({ ok: false, text: refusalText(res.error) ?? t("notify.channel.test_failed") });
    const data = res.data;
    if (data && data.success === false) return setOutcome({ ok: false, text: data.message || t("notify.channel.test_failed") });
    setOutcome({ ok: true, text: t("notify.channel.test_sent") });
  };

  return (
    <li className="px-5 py-4" data-testid={`channel-${channel.id}`}>
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <Toggle
            label={
              <span className="flex items-center gap-2">
                <span className="truncate">{channel.name}</span>
                <Badge>{typeName}</Badge>
              </span>
            }
            description={triggerSummary(channel)}
            checked={channel.enabled}
            disabled={switching}
            onChange={(enabled) => void update({ id: channel.id, body: { ...inputOf(channel), enabled } }).then((res) => setSwitchError("error" in res ? (refusalText(res.error) ?? t("overview_edit.failed_unknown")) : null))}
          />
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" icon={<SendIcon size={14} />} loading={testing} disabled={!channel.enabled} onClick={() => void sendTest()} aria-label={t("notify.channel.test_named", { name: channel.name })}>
          {t("notify.channel.test")}
        </Button>
        <Button size="sm" variant="ghost" icon={<PencilIcon size={14} />} onClick={onEdit} aria-label={t("notify.channel.edit_named", { name: channel.name })}>
          {t("notify.channel.edit")}
        </Button>
        <Button size="sm" variant="ghost" className="text-red-600! dark:text-red-400!" icon={<TrashIcon size={14} />} onClick={onDelete} aria-label={t("notify.channel.delete_named", { name: channel.name })}>
          {t("notify.channel.delete")}
        </Button>
      </div>
      {outcome && (
        <Alert tone={outcome.ok ? "success" : "error"} title={outcome.ok ? undefined : t("notify.channel.test_failed")} className="mt-3">
          {outcome.text}
        </Alert>
      )}
      {switchError && (
        <Alert tone="error" title={t("overview_edit.failed")} className="mt-3">
          {switchError}
        </Alert>
      )}
    </li>
  );
}

/** "My notification channels": the user's own Telegram, Discord, … channels (docs/API.md "Notification channels"). */
export default function NotificationChannels() {
  const { t } = useTranslation("setting");
  const channels = useGetNotificationChannelsQuery();
  const types = useGetAvailableChannelTypesQuery();
  const schemas = useGetChannelSchemasQuery();
  const [add] = useAddNotificationChannelMutation();
  const [update] = useUpdateNotificationChannelMutation();
  const [remove, { isLoading: deleting }] = useDeleteNotificationChannelMutation();
  const [editing, setEditing] = useState<NotificationChannel | "new" | null>(null);
  const [deletingChannel, setDeletingChannel] = useState<NotificationChannel | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const available = types.data ?? [];
  const list = channels.data ?? [];
  const typeNameOf = (id: string) => typeName(t, id, available.find((ty) => ty.id === id)?.name ?? schemas.data?.find((s) => s.type === id)?.name ?? id);

  const save = async (input: NotificationChannelInput): Promise<string | null> => {
    const res = editing === "new" ? await add(inputOf(input)) : await update({ id: (editing as NotificationChannel).id, body: inputOf(input) });
    if ("error" in res) return refusalText(res.error) ?? t("overview_edit.failed_unknown");
    setEditing(null);
    return null;
  };

  const confirmDelete = async () => {
    if (!deletingChannel) return;
    const res = await remove(deletingChannel.id);
    setDeleteError("error" in res ? (refusalText(res.error) ?? t("overview_edit.failed_unknown")) : null);
    setDeletingChannel(null);
  };

  const loadFailed = channels.isError || types.isError;
  return (
    <Section title={t("notify.channels")} description={t("notify.channels_hint")} testId="notify-channels" plain>
      <div className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
        {loadFailed && <p className="px-5 py-4 text-sm text-red-600 dark:text-red-400">{t("notify.channels_load_failed")}</p>}
        {!loadFailed && !channels.isLoading && list.length === 0 && (
          <p className="px-5 py-4 text-sm text-zinc-500 dark:text-zinc-400">{available.length ? t("notify.channels_empty") : t("notify.channels_none_enabled")}</p>
        )}
        {list.length > 0 && (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800" aria-label={t("notify.channels")}>
            {list.map((c) => (
              <ChannelRow key={c.id} channel={c} typeName={typeNameOf(c.channel_type)} onEdit={() => setEditing(c)} onDelete={() => setDeletingChannel(c)} />
            ))}
          </ul>
        )}
        {deleteError && (
          <Alert tone="error" title={t("overview_edit.failed")} className="mx-5 mb-4">
            {deleteError}
          </Alert>
        )}
        {available.length > 0 && (
          <div className="flex justify-end border-t border-zinc-100 px-5 py-3 dark:border-zinc-800">
            <Button size="sm" icon={<PlusIcon size={14} />} disabled={!schemas.data} onClick={() => setEditing("new")} data-testid="channel-add">
              {t("notify.channel.add")}
            </Button>
          </div>
        )}
      </div>
      {editing && <ChannelModal channel={editing === "new" ? null : editing} types={available} schemas={schemas.data ?? []} onSave={save} onClose={() => setEditing(null)} />}
      {deletingChannel && (
        <ConfirmDialog
          title={t("notify.channel.delete_title")}
          description={t("notify.channel.delete_desc", { name: deletingChannel.name })}
          confirmText={t("notify.channel.delete")}
          danger
          busy={deleting}
          icon={<TrashIcon size={18} />}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeletingChannel(null)}
        />
      )}
    </Section>
  );
}
