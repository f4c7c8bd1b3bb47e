/**
 * A notification channel form's words in the reader's language. The server describes each
 * channel type in English (`GET /user/notification/schemas`, the wire shape VoceChat's clients
 * read): this client looks each text up by type and field name in `setting.json`
 * (`notify.schema`), and the server's own words stand where there is no translation (a type
 * newer than this client).
 */
// i18n-ns: setting
import type { TFunction } from "i18next";
import type { ChannelSchema, ChannelSchemaField } from "@parley/protocol";

/** What a custom body template may hold, said as is (an interpolated value is not interpolated again). */
const PLACEHOLDERS = "{{title}}, {{body}}, {{url}}, {{sender}}, {{conversation}}";

/** A type's name (the select, "Type: …" and the channel list) in the reader's language. */
export const typeName = (t: TFunction, type: string, english: string): string => t(`notify.schema.types.${type}.name`, { defaultValue: english });

function localField(t: TFunction, type: string, field: ChannelSchemaField): ChannelSchemaField {
  return {
    ...field,
    label: t(`notify.schema.fields.${field.name}`, { defaultValue: field.label }),
    // A hint only where the server gives one: a field name can mean more on one type than another.
    ...(field.description ? { description: t([`notify.schema.hints.${type}.${field.name}`, `notify.schema.hints.${field.name}`], { defaultValue: field.description, placeholders: PLACEHOLDERS }) } : {}),
    ...(field.options ? { options: field.options.map((o) => (o.value === "" ? { ...o, label: t("notify.schema.none") } : o)) } : {}),
  };
}

export function localSchema(t: TFunction, schema: ChannelSchema): ChannelSchema {
  return {
    ...schema,
    name: typeName(t, schema.type, schema.name),
    description: t(`notify.schema.types.${schema.type}.description`, { defaultValue: schema.description }),
    fields: schema.fields.map((field) => localField(t, schema.type, field)),
  };
}
