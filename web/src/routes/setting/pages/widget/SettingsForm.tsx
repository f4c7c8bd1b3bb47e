/**
 * The widget's look (colour, position, title, welcome text, logo) and the sites that may embed it
 * (`PUT /api/admin/widget/config`), one form saved with an explicit Save. The origins are typed
 * one per line; the server answers them normalized, or refuses one that is not an origin.
 */
import type { WidgetPosition, WidgetSettings } from "@parley/protocol";
import { useTranslation } from "react-i18next";
import { useUpdateWidgetSettingsMutation } from "../../../../app/services/widget";
import Input from "../../../../components/ui/Input";
import Textarea from "../../../../components/ui/Textarea";
import { DraftForm, saveOutcome, SaveNotice, SelectField, useDraft } from "../parts";

interface Draft {
  origins: string;
  color: string;
  position: WidgetPosition;
  title: string;
  welcome: string;
  logo_url: string;
}

const draftOf = (s: WidgetSettings): Draft => ({ origins: s.allowed_origins.join("\n"), color: s.color, position: s.position, title: s.title, welcome: s.welcome, logo_url: s.logo_url });

export default function SettingsForm({ stored, onSaved }: { stored: WidgetSettings; onSaved: (s: WidgetSettings) => void }) {
  const { t } = useTranslation("setting");
  const draft = useDraft(draftOf(stored));
  const v = draft.values;
  const [save, { isLoading }] = useUpdateWidgetSettingsMutation();

  const submit = async () => {
    const origins = v.origins
      .split(/\s+/)
      .map((o) => o.trim())
      .filter(Boolean);
    const res = await save({ allowed_origins: origins, color: v.color, position: v.position, title: v.title.trim(), welcome: v.welcome, logo_url: v.logo_url.trim() });
    const outcome = saveOutcome(res, t("overview_edit.failed_unknown"));
    if ("data" in res && res.data) onSaved(res.data);
    draft.settle(outcome);
  };

  return (
    <DraftForm label={t("widget_page.look")} draft={draft} saving={isLoading} onSubmit={submit} testId="widget-settings-form" saveTestId="widget-settings-save">
      <div className="space-y-4 p-5">
        <Textarea
          label={t("widget_page.origins_label")}
          hint={t("widget_page.origins_hint")}
          value={v.origins}
          onChange={(e) => draft.edit({ origins: e.target.value })}
          rows={3}
          spellCheck={false}
          placeholder="https://www.example.com"
          areaClassName="resize-y font-mono text-[13px] leading-5"
          data-testid="widget-origins"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={t("widget_page.color")}
            type="color"
            value={v.color}
            onChange={(e) => draft.edit({ color: e.target.value })}
            className="[&_input]:h-10 [&_input]:cursor-pointer [&_input]:p-1"
            data-testid="widget-color"
          />
          <SelectField label={t("widget_page.position")} value={v.position} onChange={(e) => draft.edit({ position: e.target.value as WidgetPosition })} data-testid="widget-position">
            <option value="right">{t("widget_page.position_right")}</option>
            <option value="left">{t("widget_page.position_left")}</option>
          </SelectField>
        </div>
        <Input label={t("widget_page.title_label")} hint={t("widget_page.title_hint")} value={v.title} maxLength={100} onChange={(e) => draft.edit({ title: e.target.value })} data-testid="widget-title" />
        <Textarea label={t("widget_page.welcome_label")} value={v.welcome} maxLength={1000} rows={2} onChange={(e) => draft.edit({ welcome: e.target.value })} areaClassName="resize-y" data-testid="widget-welcome" />
        <Input label={t("widget_page.logo_label")} hint={t("widget_page.logo_hint")} type="url" value={v.logo_url} placeholder="https://" onChange={(e) => draft.edit({ logo_url: e.target.value })} data-testid="widget-logo" />
        <SaveNotice outcome={draft.outcome} savedText={t("widget_page.settings_saved")} />
      </div>
    </DraftForm>
  );
}
