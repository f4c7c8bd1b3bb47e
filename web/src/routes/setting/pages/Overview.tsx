import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import { useUploadOrganizationLogoMutation } from "../../../app/services/adminSystem";
import { useUpdateServerMutation } from "../../../app/services/server";
import { UserPlusIcon } from "../../../components/Icons";
import ServerLogo from "../../../components/ServerLogo";
import Button from "../../../components/ui/Button";
import Input from "../../../components/ui/Input";
import Textarea from "../../../components/ui/Textarea";
import InviteModal from "../../home/InviteModal";
import { Card, Row } from "../SettingsFrame";
import { DraftForm, IDLE, saveOutcome, SaveNotice, Section, useDraft, type SaveOutcome } from "./parts";
import { cropLogo, logoProblem } from "./logo";

/** The server's name and description, saved with `PUT /admin/system/organization`. */
function OrganizationForm() {
  const { t } = useTranslation("setting");
  const server = useAppSelector((s) => s.server);
  // What the admin typed; the stored values (changes from the stream too) while nothing is edited.
  const draft = useDraft({ name: server.name, description: server.description ?? "" });
  const { values, edit } = draft;
  const { name, description } = values;
  const [update, { isLoading }] = useUpdateServerMutation();
  const dirty = draft.changed && (name.trim() !== server.name || description.trim() !== (server.description ?? ""));

  const save = async () => {
    if (!name.trim()) return;
    // A refusal keeps what was typed, to be fixed and saved again.
    draft.settle(saveOutcome(await update({ name: name.trim(), description: description.trim() || null }), t("overview_edit.failed_unknown")));
  };

  return (
    <DraftForm label={t("overview_edit.info")} draft={draft} changed={dirty} canSave={dirty && !!name.trim()} saving={isLoading} onSubmit={save} saveTestId="server-save">
      <div className="space-y-4 p-5">
        <Input label={t("overview_edit.name")} value={name} onChange={(e) => edit({ name: e.target.value })} maxLength={64} required data-testid="server-name-input" />
        <Textarea
          label={t("overview_edit.description")}
          value={description}
          onChange={(e) => edit({ description: e.target.value })}
          rows={3}
          maxLength={1024}
          placeholder={t("overview_edit.description_placeholder")}
          areaClassName="resize-none text-sm"
          data-testid="server-description-input"
        />
        <SaveNotice outcome={draft.outcome} />
      </div>
    </DraftForm>
  );
}

/** The logo: a picked image, cropped to its middle square, then `POST /admin/system/organization/logo`. */
function LogoPicker({ name }: { name: string }) {
  const { t } = useTranslation("setting");
  const [upload, { isLoading }] = useUploadOrganizationLogoMutation();
  const [outcome, setOutcome] = useState<SaveOutcome>(IDLE);
  const input = useRef<HTMLInputElement>(null);

  const pick = async (file: File | undefined) => {
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      setOutcome({ kind: "failed", text: t(`overview_edit.logo_${problem}`) });
      return;
    }
    let png: Blob;
    try {
      png = await cropLogo(file);
    } catch {
      setOutcome({ kind: "failed", text: t("overview_edit.logo_type") });
      return;
    }
    setOutcome(saveOutcome(await upload(png), t("overview_edit.failed_unknown")));
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        <ServerLogo name={name} size={72} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-xl font-bold text-zinc-900 dark:text-white" data-testid="overview-name">
            {name}
          </p>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("overview_edit.logo_hint")}</p>
        </div>
        <Button variant="secondary" size="sm" loading={isLoading} onClick={() => input.current?.click()} data-testid="logo-button">
          {t("overview_edit.logo")}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          className="hidden"
          aria-label={t("overview_edit.logo")}
          data-testid="logo-input"
          onChange={(e) => void pick(e.target.files?.[0]).finally(() => (e.target.value = ""))}
        />
      </div>
      <SaveNotice outcome={outcome} savedText={t("overview_edit.logo_saved")} />
    </div>
  );
}

/** `/setting/overview` (admins): the server's name, description and logo, its figures, inviting people. */
export default function Overview() {
  const { t } = useTranslation("setting");
  const server = useAppSelector((s) => s.server);
  const members = useAppSelector((s) => s.users.ids.length);
  const channels = useAppSelector((s) => s.channels.ids.length);
  const [inviting, setInviting] = useState(false);
  const name = server.name.trim() || "Parley";
  return (
    <div className="mx-auto max-w-2xl space-y-8 p-6">
      <LogoPicker name={name} />
      <Section title={t("overview_edit.info")} plain>
        <OrganizationForm />
      </Section>
      <Section title={t("overview_edit.figures")} plain>
        <Card>
          <Row label={t("overview.members")}>{members}</Row>
          <Row label={t("overview.channels")}>{channels}</Row>
          <Row label={t("overview.sign_up")}>{server.loginConfig?.who_can_sign_up === "InvitationOnly" ? t("overview.invite_only") : t("overview.everyone")}</Row>
          <Row label={t("overview.guest")}>{server.loginConfig?.guest ? t("on") : t("off")}</Row>
        </Card>
      </Section>
      <Section title={t("overview_edit.invite")}>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-4">
          <span className="text-zinc-400">
            <UserPlusIcon size={20} />
          </span>
          <p className="min-w-0 flex-1 text-sm text-zinc-600 dark:text-zinc-300">{t("overview_edit.invite_desc")}</p>
          <Button variant="secondary" size="sm" onClick={() => setInviting(true)} data-testid="overview-invite">
            {t("overview_edit.invite_action")}
          </Button>
        </div>
      </Section>
      {inviting && <InviteModal onClose={() => setInviting(false)} />}
    </div>
  );
}
