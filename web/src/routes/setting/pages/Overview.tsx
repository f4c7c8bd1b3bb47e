import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../../app/hooks";
import { useUploadOrganizationLogoMutation } from "../../../app/services/adminSystem";
import { refusalText } from "../../../app/services/refusal";
import { useUpdateServerMutation } from "../../../app/services/server";
import { UserPlusIcon } from "../../../components/Icons";
import ServerLogo from "../../../components/ServerLogo";
import Button from "../../../components/ui/Button";
import Input from "../../../components/ui/Input";
import InviteModal from "../../home/InviteModal";
import { Card, Row } from "../SettingsFrame";
import { SaveFooter, IDLE, SaveNotice, Section, type SaveOutcome } from "./parts";
import { cropLogo, logoProblem } from "./logo";

/** What the admin typed; `null` while nothing is edited, so changes from the stream show. */
type Draft = { name: string; description: string } | null;

/** The server's name and description, saved with `PUT /admin/system/organization`. */
function OrganizationForm() {
  const { t } = useTranslation("setting");
  const server = useAppSelector((s) => s.server);
  const [draft, setDraft] = useState<Draft>(null);
  const [outcome, setOutcome] = useState<SaveOutcome>(IDLE);
  const [update, { isLoading }] = useUpdateServerMutation();
  const name = draft?.name ?? server.name;
  const description = draft?.description ?? server.description ?? "";
  const edit = (next: Partial<NonNullable<Draft>>) => {
    setDraft({ name, description, ...next });
    setOutcome(IDLE);
  };
  const dirty = draft !== null && (name.trim() !== server.name || description.trim() !== (server.description ?? ""));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    const res = await update({ name: name.trim(), description: description.trim() || null });
    if ("error" in res) {
      // What was typed stays, to be fixed and saved again.
      setOutcome({ kind: "failed", text: refusalText(res.error) ?? t("overview_edit.failed_unknown") });
    } else {
      setDraft(null);
      setOutcome({ kind: "saved" });
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} aria-label={t("overview_edit.info")} className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className="space-y-4 p-5">
        <Input label={t("overview_edit.name")} value={name} onChange={(e) => edit({ name: e.target.value })} maxLength={64} required data-testid="server-name-input" />
        <div>
          <label htmlFor="server-description" className="label">
            {t("overview_edit.description")}
          </label>
          <textarea
            id="server-description"
            value={description}
            onChange={(e) => edit({ description: e.target.value })}
            rows={3}
            maxLength={1024}
            placeholder={t("overview_edit.description_placeholder")}
            className="input resize-none text-sm"
            data-testid="server-description-input"
          />
        </div>
        <SaveNotice outcome={outcome} />
      </div>
      <SaveFooter
        changed={dirty} canSave={dirty && !!name.trim()}
        saving={isLoading}
        onReset={() => {
          setDraft(null);
          setOutcome(IDLE);
        }}
        saveTestId="server-save"
      />
    </form>
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
    const res = await upload(png);
    setOutcome("error" in res ? { kind: "failed", text: refusalText(res.error) ?? t("overview_edit.failed_unknown") } : { kind: "saved" });
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
