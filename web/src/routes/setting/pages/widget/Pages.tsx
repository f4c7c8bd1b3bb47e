/**
 * The two pages VoceChat clients show (`/api/page/landing`, `/api/page/after_signin`), each a text
 * saved or deleted on its own, and the key of the pages' API (`/api/page/apikey`), shown with a
 * Copy button and replaced on request.
 */
import type { PageName } from "@parley/protocol";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useGetPageApiKeyQuery, useGetPageQuery, useRotatePageApiKeyMutation, useSavePageMutation } from "../../../../app/services/widget";
import Button from "../../../../components/ui/Button";
import CopyField from "../../../../components/ui/CopyField";
import Textarea from "../../../../components/ui/Textarea";
import { DraftForm, saveOutcome, SaveNotice, useDraft, type SaveOutcome } from "../parts";

function PageForm({ name, stored, onSaved }: { name: PageName; stored: string; onSaved: (text: string) => void }) {
  const { t } = useTranslation("setting");
  const draft = useDraft({ text: stored });
  const [save, { isLoading }] = useSavePageMutation();
  const label = t(`widget_page.page_${name}`);

  const submit = async () => {
    const text = draft.values.text;
    // An emptied page is deleted (an empty text/plain body is no body at all).
    const outcome = saveOutcome(await save({ name, text: text === "" ? null : text }), t("overview_edit.failed_unknown"));
    if (outcome.kind === "saved") onSaved(text);
    draft.settle(outcome);
  };

  return (
    <DraftForm label={label} draft={draft} canSave={draft.changed && draft.values.text !== stored} saving={isLoading} onSubmit={submit} testId={`widget-page-${name}`}>
      <div className="space-y-3 p-5">
        <Textarea label={label} value={draft.values.text} onChange={(e) => draft.edit({ text: e.target.value })} rows={5} areaClassName="resize-y font-mono text-[13px] leading-5" />
        <SaveNotice outcome={draft.outcome} savedText={t("widget_page.page_saved")} />
      </div>
    </DraftForm>
  );
}

function Page({ name }: { name: PageName }) {
  const { data, isLoading } = useGetPageQuery(name);
  const [saved, setSaved] = useState<string | null>(null);
  if (isLoading) return <div className="h-40 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900" aria-busy="true" />;
  return <PageForm name={name} stored={saved ?? data ?? ""} onSaved={setSaved} />;
}

function ApiKey() {
  const { t } = useTranslation("setting");
  const { data } = useGetPageApiKeyQuery();
  const [rotate, { isLoading }] = useRotatePageApiKeyMutation();
  const [fresh, setFresh] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome>({ kind: "idle" });
  const key = fresh ?? data?.key ?? "";
  return (
    <div className="space-y-3 rounded-xl border border-zinc-200 bg-white p-5 dark:border-zinc-800 dark:bg-zinc-900" data-testid="widget-apikey">
      <CopyField label={t("widget_page.apikey")} value={key} />
      <p className="text-xs text-zinc-500 dark:text-zinc-400">{t("widget_page.apikey_hint")}</p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <SaveNotice outcome={outcome} savedText={t("widget_page.apikey_rotated")} />
        <Button
          variant="secondary"
          size="sm"
          loading={isLoading}
          className="ml-auto"
          onClick={async () => {
            const res = await rotate();
            if ("data" in res && res.data) setFresh(res.data.key);
            setOutcome(saveOutcome(res, t("overview_edit.failed_unknown")));
          }}
        >
          {t("widget_page.apikey_rotate")}
        </Button>
      </div>
    </div>
  );
}

export default function Pages() {
  return (
    <div className="space-y-4">
      <Page name="landing" />
      <Page name="after_signin" />
      <ApiKey />
    </div>
  );
}
