/**
 * This device's display choices: language (the app's `changeLanguage`, also stored on the account
 * so mails come in it), theme (`setTheme`, as the account menu) and the chat layout.
 */
import { useTranslation } from "react-i18next";
import { useUpdateProfileMutation } from "../../../../app/services/account";
import { LANGUAGE_NAMES } from "../../../../components/LanguageSwitch";
import ChatLayoutSetting from "../../../../components/MessageList/content/ChatLayoutSetting";
import useTheme from "../../../../hooks/useTheme";
import { changeLanguage, SUPPORTED_LANGUAGES, type Language } from "../../../../i18n";
import { setTheme, type Theme } from "../../../../utils/theme";
import { Section, SelectField } from "../parts";

const THEMES: Theme[] = ["light", "dark", "auto"];

export default function Preferences() {
  const { t, i18n } = useTranslation("setting");
  const theme = useTheme();
  const [update] = useUpdateProfileMutation();
  const language = (SUPPORTED_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : "en";
  const pickLanguage = (lng: Language) => {
    void changeLanguage(lng);
    // Best effort: the account's language is what the server's mails use.
    void update({ language: lng });
  };
  return (
    <Section title={t("account_edit.preferences")} description={t("account_edit.preferences_desc")} testId="preferences">
      <div className="space-y-6 p-5">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t("account_edit.language")} value={language} onChange={(e) => pickLanguage(e.target.value as Language)} data-testid="language-select">
            {SUPPORTED_LANGUAGES.map((lng) => (
              <option key={lng} value={lng}>
                {LANGUAGE_NAMES[lng]}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("theme.label", { ns: "common" })} value={theme} onChange={(e) => setTheme(e.target.value as Theme)} data-testid="theme-select">
            {THEMES.map((value) => (
              <option key={value} value={value}>
                {t(`theme.${value}`, { ns: "common" })}
              </option>
            ))}
          </SelectField>
        </div>
        <ChatLayoutSetting />
      </div>
    </Section>
  );
}
