import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Group } from "@parley/protocol";
import { useUpdateChannelInfoMutation, useUploadChannelAvatarMutation } from "../../../app/services/conversation";
import ChannelAvatar from "../../../components/aside/ChannelAvatar";
import Button from "../../../components/ui/Button";
import Input from "../../../components/ui/Input";
import Textarea from "../../../components/ui/Textarea";
import PicturePicker from "../PicturePicker";

/** Name, description and picture of a channel; editable by those who manage it. */
export default function ChannelInfoCard({ channel, editable }: { channel: Group; editable: boolean }) {
  const { t } = useTranslation("setting");
  const [name, setName] = useState(channel.name);
  const [description, setDescription] = useState(channel.description ?? "");
  const [update, { isLoading }] = useUpdateChannelInfoMutation();
  const [upload, { isLoading: uploading }] = useUploadChannelAvatarMutation();
  // Follow changes made elsewhere (another admin, the stream) while nothing is being edited here.
  const [synced, setSynced] = useState({ name: channel.name, description: channel.description ?? "" });
  if (synced.name !== channel.name || synced.description !== (channel.description ?? "")) {
    if (name === synced.name) setName(channel.name);
    if (description === synced.description) setDescription(channel.description ?? "");
    setSynced({ name: channel.name, description: channel.description ?? "" });
  }
  const dirty = name.trim() !== channel.name || description.trim() !== (channel.description ?? "");

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || !dirty) return;
    await update({
      gid: channel.gid,
      ...(name.trim() !== channel.name ? { name: name.trim() } : {}),
      ...(description.trim() !== (channel.description ?? "") ? { description: description.trim() } : {}),
    });
  };

  return (
    <form onSubmit={(e) => void save(e)} className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" aria-label={t("channel_edit.info")}>
      <div className="flex flex-col gap-5 p-5 sm:flex-row">
        <PicturePicker
          picture={<ChannelAvatar channel={channel} size={88} className="rounded-2xl" />}
          label={t("channel_edit.avatar")}
          editable={editable}
          busy={uploading}
          wrongType={t("channel_edit.avatar_type")}
          onPicked={(image) => upload({ gid: channel.gid, image })}
          testId="channel-avatar-input"
        />
        <div className="min-w-0 flex-1 space-y-4">
          <Input label={t("channel_edit.name")} value={name} onChange={(e) => setName(e.target.value)} disabled={!editable} maxLength={64} required data-testid="channel-name-input" />
          <Textarea
            label={t("channel_edit.description")}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            disabled={!editable}
            rows={3}
            maxLength={512}
            placeholder={editable ? t("channel_edit.description_placeholder") : t("overview.no_description")}
            areaClassName="resize-none text-sm"
            data-testid="channel-description-input"
          />
        </div>
      </div>
      {editable && (
        <div className="flex items-center justify-end gap-2 border-t border-zinc-100 px-5 py-3 dark:border-zinc-800">
          {dirty && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setName(channel.name);
                setDescription(channel.description ?? "");
              }}
            >
              {t("channel_edit.reset")}
            </Button>
          )}
          <Button type="submit" size="sm" disabled={!dirty || !name.trim()} loading={isLoading} data-testid="channel-save">
            {t("channel_edit.save")}
          </Button>
        </div>
      )}
    </form>
  );
}
