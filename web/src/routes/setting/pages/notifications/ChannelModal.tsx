import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import type { AvailableChannelType, ChannelSchema, ChannelSchemaField, NotificationChannel, NotificationChannelInput } from "@parley/protocol";
import { shallowEqual } from "react-redux";
import { useAppSelector } from "../../../../app/hooks";
import { BellIcon } from "../../../../components/aside/icons";
import FormModal from "../../../../components/ui/FormModal";
import Input from "../../../../components/ui/Input";
import Textarea from "../../../../components/ui/Textarea";
import Toggle from "../../../../components/ui/Toggle";
import { SelectField } from "../parts";
import { localSchema, typeName } from "./schemaText";

type Config = NotificationChannelInput["config"];

/** The first problem with the typed config against the type's schema, in words; null when it is fine. */
export function configProblem(fields: ChannelSchemaField[], config: Config, t: TFunction): string | null {
  for (const f of fields) {
    const raw = config[f.name];
    const value = typeof raw === "number" ? String(raw) : (raw ?? "").trim();
    if (!value) {
      if (f.required) return t("notify.channel.field_required", { field: f.label });
      continue;
    }
    if (f.type === "url" && !/^https?:\/\/[^\s/]+/i.test(value)) return t("notify.channel.field_url", { field: f.label });
    if (f.type === "number" && !Number.isFinite(Number(value))) return t("notify.channel.field_number", { field: f.label });
    if (f.type === "select" && f.options && !f.options.some((o) => o.value === value)) return t("notify.channel.field_select", { field: f.label });
  }
  return null;
}

/** The config as the server takes it: trimmed text, numbers as numbers, empty optional fields left out. */
function cleanConfig(fields: ChannelSchemaField[], config: Config): Config {
  const out: Config = {};
  for (const f of fields) {
    const raw = config[f.name];
    if (raw === undefined || raw === "") continue;
    out[f.name] = f.type === "number" ? Number(raw) : typeof raw === "string" && f.type !== "textarea" ? raw.trim() : raw;
  }
  return out;
}

/** One field of a schema, drawn by its type. */
function SchemaField({ field, value, onChange }: { field: ChannelSchemaField; value: string; onChange: (v: string) => void }) {
  // `aria-required`, not `required`: a missing field is said by `configProblem` in words, not by the browser's bubble.
  const common = { label: field.label, hint: field.description, "aria-required": field.required, placeholder: field.placeholder, "data-testid": `channel-field-${field.name}` };
  if (field.type === "textarea") return <Textarea {...common} value={value} rows={4} maxLength={8192} onChange={(e) => onChange(e.target.value)} areaClassName="font-mono text-xs" />;
  if (field.type === "select")
    return (
      <SelectField label={field.label} value={value} aria-required={field.required} onChange={(e) => onChange(e.target.value)} data-testid={common["data-testid"]}>
        {!field.required && <option value="" />}
        {(field.options ?? []).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
    );
  // A URL is checked by `configProblem` (its words), not by the browser's own bubble.
  return (
    <Input
      {...common}
      type={field.type === "number" ? "number" : "text"}
      inputMode={field.type === "url" ? "url" : undefined}
      value={value}
      maxLength={2048}
      autoComplete="off"
      spellCheck={field.type === "url" ? false : undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/**
 * Adds a channel (its type picked from the types the admin enabled) or edits one: its name, the
 * type's fields from `schemas`, when it fires. `onSave` answers the server's refusal in words, or null.
 */
export default function ChannelModal({
  channel,
  types,
  schemas,
  onSave,
  onClose,
}: {
  channel: NotificationChannel | null;
  types: AvailableChannelType[];
  schemas: ChannelSchema[];
  onSave: (input: NotificationChannelInput) => Promise<string | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation("setting");
  const [form, setForm] = useState<NotificationChannelInput>(
    channel ?? {
      channel_type: types[0]?.id ?? "",
      name: "",
      enabled: true,
      config: {},
      trigger_on_all_messages: false,
      trigger_on_mentions: true,
      trigger_on_groups: [],
      skip_when_online: true,
    },
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const edit = (patch: Partial<NotificationChannelInput>) => {
    setForm((f) => ({ ...f, ...patch }));
    setError(null);
  };
  // The channels the user is in, for "every message in these channels".
  const channels = useAppSelector((s) => s.channels.ids.map((gid) => s.channels.byId[gid]).filter(Boolean), shallowEqual);
  const served = schemas.find((s) => s.type === form.channel_type);
  const schema = served && localSchema(t, served);
  const fields = schema?.fields ?? [];

  const submit = async () => {
    if (!form.name.trim()) return setError(t("notify.channel.name_required"));
    const problem = configProblem(fields, form.config, t);
    if (problem) return setError(problem);
    setSaving(true);
    const refused = await onSave({ ...form, name: form.name.trim(), config: cleanConfig(fields, form.config) });
    setSaving(false);
    setError(refused);
  };

  return (
    <FormModal
      title={channel ? t("notify.channel.edit_title") : t("notify.channel.add_title")}
      icon={<BellIcon size={20} />}
      error={error}
      errorTitle={t("notify.channel.not_saved")}
      submitLabel={t("notify.channel.save")}
      submitting={saving}
      testId="channel"
      onSubmit={submit}
      onClose={onClose}
    >
      {channel ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-300">{t("notify.channel.type_is", { type: schema?.name ?? channel.channel_type })}</p>
      ) : (
        <SelectField label={t("notify.channel.type")} value={form.channel_type} onChange={(e) => edit({ channel_type: e.target.value, config: {} })} data-testid="channel-type">
          {types.map((ty) => (
            <option key={ty.id} value={ty.id}>
              {typeName(t, ty.id, ty.name)}
            </option>
          ))}
        </SelectField>
      )}
      {schema?.description && <p className="text-xs text-zinc-500 dark:text-zinc-400">{schema.description}</p>}
      <Input label={t("notify.channel.name")} value={form.name} onChange={(e) => edit({ name: e.target.value })} maxLength={64} required placeholder={t("notify.channel.name_placeholder")} data-testid="channel-name" />
      {fields.map((f) => (
        <SchemaField key={`${form.channel_type}:${f.name}`} field={f} value={String(form.config[f.name] ?? "")} onChange={(v) => edit({ config: { ...form.config, [f.name]: v } })} />
      ))}
      <div className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-700">
        <Toggle label={t("notify.channel.on_all")} description={t("notify.channel.on_all_desc")} checked={form.trigger_on_all_messages} onChange={(v) => edit({ trigger_on_all_messages: v })} />
        <Toggle label={t("notify.channel.on_mentions")} description={t("notify.channel.on_mentions_desc")} checked={form.trigger_on_mentions} onChange={(v) => edit({ trigger_on_mentions: v })} />
        <Toggle label={t("notify.channel.skip_online")} description={t("notify.channel.skip_online_desc")} checked={form.skip_when_online} onChange={(v) => edit({ skip_when_online: v })} />
      </div>
      {!form.trigger_on_all_messages && channels.length > 0 && (
        <fieldset className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-700">
          <legend className="px-1 text-sm font-medium text-zinc-900 dark:text-zinc-100">{t("notify.channel.on_groups")}</legend>
          <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">{t("notify.channel.on_groups_desc")}</p>
          <div className="max-h-40 space-y-1 overflow-y-auto" data-testid="channel-groups">
            {channels.map((g) => (
              <label key={g.gid} className="flex cursor-pointer items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
                <input
                  type="checkbox"
                  className="size-4 accent-primary-600"
                  checked={form.trigger_on_groups.includes(g.gid)}
                  onChange={(e) => edit({ trigger_on_groups: e.target.checked ? [...form.trigger_on_groups, g.gid] : form.trigger_on_groups.filter((x) => x !== g.gid) })}
                />
                #{g.name}
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </FormModal>
  );
}
