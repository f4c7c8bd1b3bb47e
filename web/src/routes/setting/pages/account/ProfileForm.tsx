/**
 * Name, e-mail, gender and picture of one's own account (`PUT /user`, `POST /user/avatar`). The
 * fields follow changes that arrive meanwhile (another device) while they are not being edited.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { UserInfo } from "@parley/protocol";
import { useUpdateProfileMutation, useUploadMyAvatarMutation, type ProfileChange } from "../../../../app/services/account";
import Alert from "../../../../components/ui/Alert";
import Avatar, { avatarUrl } from "../../../../components/ui/Avatar";
import Button from "../../../../components/ui/Button";
import Input from "../../../../components/ui/Input";
import { toast } from "../../../../utils/toast";
import PicturePicker from "../../PicturePicker";
import { accountRefusalText, Section, SelectField } from "../parts";

const fieldsOf = (me: UserInfo) => ({ name: me.name, email: me.email ?? "", gender: String(me.gender) });

export default function ProfileForm({ me }: { me: UserInfo }) {
  const { t } = useTranslation("setting");
  const [form, setForm] = useState(() => fieldsOf(me));
  const [synced, setSynced] = useState(() => fieldsOf(me));
  const [error, setError] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateProfileMutation();
  const [upload, { isLoading: uploading }] = useUploadMyAvatarMutation();

  const current = fieldsOf(me);
  if (current.name !== synced.name || current.email !== synced.email || current.gender !== synced.gender) {
    setForm((f) => ({
      name: f.name === synced.name ? current.name : f.name,
      email: f.email === synced.email ? current.email : f.email,
      gender: f.gender === synced.gender ? current.gender : f.gender,
    }));
    setSynced(current);
  }

  const change: ProfileChange = {
    ...(form.name.trim() !== me.name ? { name: form.name.trim() } : {}),
    ...(form.email.trim() !== (me.email ?? "") ? { email: form.email.trim() } : {}),
    ...(form.gender !== String(me.gender) ? { gender: Number(form.gender) } : {}),
  };
  const dirty = Object.keys(change).length > 0;

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!dirty) return;
    const res = await update(change);
    if ("error" in res) return setError(accountRefusalText(res.error, t));
    setError(null);
    toast.success(t("account_edit.saved"));
  };

  const picked = async (image: Blob) => {
    const res = await upload(image);
    if ("error" in res) toast.error(accountRefusalText(res.error, t));
    else toast.success(t("account_edit.avatar_saved"));
  };

  return (
    <Section title={t("account_edit.profile")} description={t("account_edit.profile_desc")} testId="profile-form">
      <form onSubmit={(e) => void save(e)}>
        <div className="flex flex-col gap-5 p-5 sm:flex-row">
          <PicturePicker
            picture={<Avatar name={me.name} seed={me.uid} src={avatarUrl(me.uid, me.avatar_updated_at)} size={88} rounded="full" />}
            round
            label={t("account_edit.avatar")}
            hint={t("account_edit.avatar_hint")}
            busy={uploading}
            wrongType={t("account_edit.avatar_type")}
            onPicked={picked}
            testId="avatar-input"
          />
          <div className="min-w-0 flex-1 space-y-4">
            {error && <Alert tone="error">{error}</Alert>}
            <Input label={t("account.name")} value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} required maxLength={32} autoComplete="nickname" data-testid="profile-name" />
            <Input label={t("account.email")} type="email" value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} maxLength={254} autoComplete="email" data-testid="profile-email" />
            <SelectField label={t("account_edit.gender")} value={form.gender} onChange={(e) => setForm({ ...form, gender: e.target.value })}>
              <option value="0">{t("account_edit.gender_0")}</option>
              <option value="1">{t("account_edit.gender_1")}</option>
            </SelectField>
          </div>
        </div>
        <div className="flex items-center justify-end gap-2 border-t border-zinc-100 px-5 py-3 dark:border-zinc-800">
          {dirty && (
            <Button variant="ghost" size="sm" onClick={() => setForm(fieldsOf(me))}>
              {t("channel_edit.reset")}
            </Button>
          )}
          <Button type="submit" size="sm" disabled={!dirty || !form.name.trim()} loading={isLoading} data-testid="profile-save">
            {t("account_edit.save")}
          </Button>
        </div>
      </form>
    </Section>
  );
}
