import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { LICENSE_UNLIMITED, type LicenseReply } from "@parley/protocol";
import { refusalText } from "../../../app/services/refusal";
import { useCheckLicenseMutation, useGetLicenseQuery, useInstallLicenseMutation } from "../../../app/services/license";
import Alert from "../../../components/ui/Alert";
import Badge from "../../../components/ui/Badge";
import Button from "../../../components/ui/Button";
import Textarea from "../../../components/ui/Textarea";
import { dateLocale } from "../../../utils/dates";
import { Card, Row } from "../SettingsFrame";
import { FormFooter, Section, SettingsPage } from "./parts";

/** The server's words for what keeps a license from serving this server (docs/API.md "License"), as keys of `license_page.problem`. */
const PROBLEMS: Record<string, string> = { "Domain incorrect.": "domain", "Expired.": "expired", "Sign invalid.": "sign" };

const problemText = (t: TFunction, license: LicenseReply, language: string): string =>
  t(`license_page.problem.${PROBLEMS[license.problem ?? ""] ?? "other"}`, {
    domains: license.domains.join(", "),
    date: day(license.expired_at, language),
    text: license.problem,
  });

/** A license date (RFC 3339, UTC) as a day in the reader's language. */
function day(rfc3339: string, language: string): string {
  const date = new Date(rfc3339);
  if (Number.isNaN(date.getTime())) return rfc3339;
  return new Intl.DateTimeFormat(dateLocale(language), { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/** A refused check or install in words: no key on the server, not a license, or the server's text. */
function refusal(t: TFunction, error: unknown): string {
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 409) return t("license_page.no_key");
  const text = refusalText(error);
  if (status === 400 && text === "License error: the license could not be read.") return t("license_page.unreadable");
  const problem = Object.entries(PROBLEMS).find(([words]) => text?.endsWith(words));
  if (problem) return t(`license_page.problem.${problem[1]}_short`);
  return text ?? t("overview_edit.failed_unknown");
}

/** How many accounts exist against the limit, with a bar when there is a limit. */
function UserCount({ license, unlimited }: { license: LicenseReply; unlimited: boolean }) {
  const { t } = useTranslation("setting");
  if (unlimited) return <span data-testid="license-users">{t("license_page.users_unlimited", { count: license.user_count })}</span>;
  const share = Math.min(1, license.user_limit > 0 ? license.user_count / license.user_limit : 1);
  const full = license.user_count >= license.user_limit;
  return (
    <span className="inline-flex items-center gap-3">
      <span
        role="meter"
        aria-label={t("license_page.users")}
        aria-valuemin={0}
        aria-valuemax={license.user_limit}
        aria-valuenow={license.user_count}
        className="h-1.5 w-24 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800"
      >
        <span className={full ? "block h-full bg-amber-500" : "bg-primary-500 block h-full"} style={{ width: `${Math.round(share * 100)}%` }} />
      </span>
      <span data-testid="license-users">{t("license_page.users_of", { count: license.user_count, limit: license.user_limit })}</span>
    </span>
  );
}

/** The license in force: its kind, its users against the limit, its domains and dates, and what is wrong with it. */
function Current({ license }: { license: LicenseReply }) {
  const { t, i18n } = useTranslation("setting");
  // The community license's limit is the largest u32 unless the operator set MAX_USERS.
  const unlimited = !license.installed && license.user_limit >= LICENSE_UNLIMITED;
  const full = !unlimited && license.user_count >= license.user_limit;
  return (
    <div className="space-y-3">
      <Card>
        <Row label={t("license_page.kind")}>
          <span className="inline-flex items-center gap-2" data-testid="license-kind">
            {license.installed ? t("license_page.installed") : t("license_page.community")}
            {license.problem ? <Badge tone="warning">{t("license_page.attention")}</Badge> : <Badge tone="success">{t("license_page.active")}</Badge>}
          </span>
        </Row>
        <Row label={t("license_page.users")}>
          <UserCount license={license} unlimited={unlimited} />
        </Row>
        <Row label={t("license_page.domains")}>
          <span data-testid="license-domains">{license.domains.includes("*") ? t("license_page.any_domain") : license.domains.join(", ")}</span>
        </Row>
        {license.installed && (
          <>
            <Row label={t("license_page.issued")}>{day(license.created_at, i18n.language)}</Row>
            <Row label={t("license_page.expires")}>
              <span data-testid="license-expires">{day(license.expired_at, i18n.language)}</span>
            </Row>
          </>
        )}
      </Card>
      {!license.installed && <Alert tone="info">{t("license_page.community_desc")}</Alert>}
      {license.problem && (
        <Alert tone="warning" title={t("license_page.attention")}>
          {problemText(t, license, i18n.language)}
        </Alert>
      )}
      {full && (
        <Alert tone="warning" title={t("license_page.full_title")}>
          <span data-testid="license-full">{t("license_page.full_desc", { limit: license.user_limit })}</span>
        </Alert>
      )}
    </div>
  );
}

/** Paste a license, check what it says, then install it. */
function Install({ onInstalled }: { onInstalled: () => void }) {
  const { t, i18n } = useTranslation("setting");
  const [text, setText] = useState("");
  const [checked, setChecked] = useState<LicenseReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [installed, setInstalled] = useState(false);
  const [check, checking] = useCheckLicenseMutation();
  const [install, installing] = useInstallLicenseMutation();
  const license = text.trim();

  const onCheck = async (e: FormEvent) => {
    e.preventDefault();
    setInstalled(false);
    const res = await check({ license });
    if ("error" in res) {
      setChecked(null);
      setError(refusal(t, res.error));
    } else {
      setChecked(res.data);
      setError(null);
    }
  };
  const onInstall = async () => {
    const res = await install({ license });
    if ("error" in res) {
      setError(refusal(t, res.error));
      return;
    }
    setText("");
    setChecked(null);
    setError(null);
    setInstalled(true);
    onInstalled();
  };

  return (
    <form onSubmit={(e) => void onCheck(e)} aria-label={t("license_page.install")} className="rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <div className="space-y-4 p-5">
        <Textarea
          label={t("license_page.string")}
          hint={t("license_page.string_hint")}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setChecked(null);
            setError(null);
            setInstalled(false);
          }}
          rows={4}
          maxLength={4096}
          spellCheck={false}
          autoComplete="off"
          areaClassName="font-mono text-xs break-all"
          data-testid="license-input"
        />
        {checked && (
          <div className="space-y-3" data-testid="license-checked">
            <Card>
              <Row label={t("license_page.users")}>{t("license_page.limit", { count: checked.user_limit })}</Row>
              <Row label={t("license_page.domains")}>{checked.domains.includes("*") ? t("license_page.any_domain") : checked.domains.join(", ")}</Row>
              <Row label={t("license_page.expires")}>{day(checked.expired_at, i18n.language)}</Row>
            </Card>
            {checked.problem ? (
              <Alert tone="error" title={t("license_page.cannot_install")}>
                {problemText(t, checked, i18n.language)}
              </Alert>
            ) : (
              <Alert tone="success">{t("license_page.valid")}</Alert>
            )}
          </div>
        )}
        {error && (
          <Alert tone="error" title={t("license_page.cannot_install")}>
            {error}
          </Alert>
        )}
        {installed && <Alert tone="success">{t("license_page.done")}</Alert>}
      </div>
      <FormFooter>
        <Button type="submit" variant="secondary" size="sm" disabled={!license} loading={checking.isLoading} data-testid="license-check">
          {t("license_page.check")}
        </Button>
        <Button size="sm" disabled={!checked || !!checked.problem} loading={installing.isLoading} onClick={() => void onInstall()} data-testid="license-install">
          {t("license_page.install_action")}
        </Button>
      </FormFooter>
    </form>
  );
}

/** `/setting/license` (admins): the license in force and installing another (docs/API.md "License"). */
export default function License() {
  const { t } = useTranslation("setting");
  const { data, isLoading, isError, refetch } = useGetLicenseQuery();
  return (
    <SettingsPage loading={isLoading}>
      <Section title={t("license_page.current")} plain>
        {data ? <Current license={data} /> : <Alert tone="error">{isError ? t("license_page.load_failed") : t("overview_edit.failed_unknown")}</Alert>}
      </Section>
      <Section title={t("license_page.install")} description={t("license_page.install_desc")} plain>
        <Install onInstalled={() => void refetch()} />
      </Section>
    </SettingsPage>
  );
}
