import { useId } from "react";
import { useTranslation } from "react-i18next";
import { INVITE_EXPIRY_OPTIONS_S, INVITE_MAX_TIMES_OPTIONS } from "@parley/protocol";
import { durationLabel } from "../../../components/aside/duration";
import Select from "../../../components/aside/Select";
import Field from "../../../components/ui/Field";

/** The client's "no limit" for `max_times` (docs/API.md "Invite links"). */
export const NO_LIMIT = 10_000_000;

export interface InviteLinkParams {
  expired_in: number;
  max_times: number;
}

/** A week, as many uses as wanted: what a new invitation starts with. */
export const DEFAULT_INVITE: InviteLinkParams = { expired_in: 604_800, max_times: NO_LIMIT };

/**
 * An invitation link's options (`expired_in`, `max_times` of `create_reg_magic_link` and
 * `create_invite_private_magic_link`): how long it works and how many times; a change asks for a
 * new link.
 */
export default function InviteLinkOptions({ value, onChange }: { value: InviteLinkParams; onChange: (value: InviteLinkParams) => void }) {
  const { t } = useTranslation("setting");
  const tc = useTranslation("chat").t;
  const expiryId = useId();
  const usesId = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field id={expiryId} label={t("invite.expire")}>
        <Select block id={expiryId} value={value.expired_in} onChange={(e) => onChange({ ...value, expired_in: Number(e.target.value) })} data-testid="invite-expiry">
          {INVITE_EXPIRY_OPTIONS_S.map((s) => (
            <option key={s} value={s}>
              {durationLabel(s, tc)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={usesId} label={t("invite.max_uses")}>
        <Select block id={usesId} value={value.max_times} onChange={(e) => onChange({ ...value, max_times: Number(e.target.value) })} data-testid="invite-uses">
          {INVITE_MAX_TIMES_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n === NO_LIMIT ? t("invite.no_limit") : t("invite.uses", { count: n })}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}
