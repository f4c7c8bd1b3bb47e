/**
 * `/setting/widget` (admins): the snippet that embeds the chat widget on a website
 * (`<script … src="<server>/widget.js">`, its host being the member who answers visitors), the
 * sites allowed to embed it and its look (`/admin/widget/config`), its extra stylesheet
 * (`GET/PUT /resource/widget-extra.css`), and the pages VoceChat clients show (`/page/*`), each
 * saved with an explicit Save (docs/API.md "Widget").
 */
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import clsx from "clsx";
import { useAppSelector } from "../../../app/hooks";
import { useGetWidgetCssQuery, useUpdateWidgetCssMutation } from "../../../app/services/adminData";
import { useGetWidgetSettingsQuery } from "../../../app/services/widget";
import type { WidgetSettings } from "@parley/protocol";
import { API_BASE } from "../../../app/config";
import { CheckIcon, CopyIcon } from "../../../components/Icons";
import Button from "../../../components/ui/Button";
import Textarea from "../../../components/ui/Textarea";
import useCopy from "../../../hooks/useCopy";
import { DraftForm, LoadFailed, saveOutcome, SaveNotice, Section, useDraft, SettingsPage } from "./parts";
import Pages from "./widget/Pages";
import SettingsForm from "./widget/SettingsForm";

/** The embed code for this server, answered by `hostUid`. */
export function widgetSnippet(origin: string, hostUid: number): string {
  return [`<script`, `  data-host-id="${hostUid}"`, `  src="${origin}/widget.js"`, "  async", "></script>"].join("\n");
}

/** The read-only snippet with its Copy button. */
function EmbedCode() {
  const { t } = useTranslation("setting");
  const uid = useAppSelector((s) => s.authData.user?.uid ?? 1);
  const { copy, copied } = useCopy();
  const id = useId();
  const snippet = widgetSnippet(window.location.origin, uid);
  return (
    <div className="space-y-3 p-5">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={id} className="label mb-0!">
          {t("widget_page.snippet")}
        </label>
        <Button variant="secondary" size="sm" icon={copied ? <CheckIcon size={15} /> : <CopyIcon size={15} />} className={clsx(copied && "text-emerald-600! dark:text-emerald-400!")} onClick={() => void copy(snippet)} data-testid="widget-copy">
          {copied ? t("action.copied", { ns: "common" }) : t("action.copy", { ns: "common" })}
        </Button>
      </div>
      <textarea id={id} readOnly value={snippet} rows={5} spellCheck={false} onFocus={(e) => e.currentTarget.select()} className="input resize-none font-mono text-[13px] leading-5" data-testid="widget-snippet" />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("widget_page.snippet_hint")}</p>
    </div>
  );
}

/** The extra stylesheet; what was typed stays when the server refuses it. */
function CssForm({ stored, onSaved }: { stored: string; onSaved: (css: string) => void }) {
  const { t } = useTranslation("setting");
  const draft = useDraft({ css: stored });
  const { css } = draft.values;
  const [save, { isLoading }] = useUpdateWidgetCssMutation();

  const submit = async () => {
    if (!draft.changed) return;
    const outcome = saveOutcome(await save(css), t("overview_edit.failed_unknown"));
    if (outcome.kind === "saved") onSaved(css);
    draft.settle(outcome);
  };

  return (
    <DraftForm label={t("widget_page.css")} draft={draft} canSave={draft.changed && css !== stored} saving={isLoading} onSubmit={submit} testId="widget-css-form" saveTestId="widget-css-save">
      <div className="space-y-3 p-5">
        <Textarea
          label={t("widget_page.css_label")}
          value={css}
          onChange={(e) => draft.edit({ css: e.target.value })}
          rows={10}
          spellCheck={false}
          placeholder={".widget-header {\n  background: #4f46e5;\n}"}
          areaClassName="resize-y font-mono text-[13px] leading-5"
          data-testid="widget-css"
        />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("widget_page.css_hint", { url: `${API_BASE}/resource/widget-extra.css` })}</p>
        <SaveNotice outcome={draft.outcome} savedText={t("widget_page.css_saved")} />
      </div>
    </DraftForm>
  );
}

/** The look and the allowed sites, once loaded. */
function Settings() {
  const { t } = useTranslation("setting");
  const { data, isLoading, isError, refetch } = useGetWidgetSettingsQuery();
  const [saved, setSaved] = useState<WidgetSettings | null>(null);
  if (isLoading) return <div className="h-80 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" aria-busy="true" />;
  if (isError || !data)
    return <LoadFailed text={t("widget_page.settings_load_failed")} retryText={t("widget_page.retry")} onRetry={() => void refetch()} />;
  return <SettingsForm stored={saved ?? data} onSaved={setSaved} />;
}

export default function Widget() {
  const { t } = useTranslation("setting");
  const { data, isLoading, isError, refetch } = useGetWidgetCssQuery();
  // What the last save stored, shown without reading it back.
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <SettingsPage testId="widget-page">
      <p className="text-sm text-zinc-600 dark:text-zinc-300">{t("desc.widget")}</p>
      <Section title={t("widget_page.embed")} description={t("widget_page.embed_desc")}>
        <EmbedCode />
      </Section>
      <Section title={t("widget_page.look")} description={t("widget_page.look_desc")} plain>
        <Settings />
      </Section>
      <Section title={t("widget_page.css")} description={t("widget_page.css_desc")} plain>
        {isLoading ? (
          <div className="h-40 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" aria-busy="true" />
        ) : isError ? (
          <LoadFailed text={t("widget_page.load_failed")} retryText={t("widget_page.retry")} onRetry={() => void refetch()} />
        ) : (
          <CssForm stored={saved ?? data ?? ""} onSaved={setSaved} />
        )}
      </Section>
      <Section title={t("widget_page.pages")} description={t("widget_page.pages_desc")} plain>
        <Pages />
      </Section>
    </SettingsPage>
  );
}
