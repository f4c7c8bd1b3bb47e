/**
 * About → API Documentation: where this server's API is described (`/api/spec`, the OpenAPI
 * document made from the server's own route schemas) and shown (`/api/swagger`, Swagger UI), and
 * how a script authenticates: the `x-api-key` header with an access token or a bot key.
 */
import { useTranslation } from "react-i18next";
import { API_BASE } from "../../../app/config";
import { KeyIcon, LinkIcon } from "../../../components/Icons";
import CopyField from "../../../components/ui/CopyField";
import { Section } from "./parts";

/** The two addresses, absolute: a script or an API client needs the server's origin. */
export const apiDocUrls = (origin: string) => ({ swagger: `${origin}${API_BASE}/swagger`, spec: `${origin}${API_BASE}/spec` });

/** A command line as a block a reader can select (a long one wraps anywhere: URLs have no spaces). */
function Example({ label, command }: { label: string; command: string }) {
  return (
    <figure className="space-y-1 px-4 py-3">
      <figcaption className="text-xs font-medium text-zinc-600 dark:text-zinc-300">{label}</figcaption>
      <pre className="rounded-lg bg-zinc-100 px-3 py-2 font-mono text-[12.5px] leading-relaxed break-all whitespace-pre-wrap text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100">
        <code>{command}</code>
      </pre>
    </figure>
  );
}

export default function ApiDoc() {
  const { t } = useTranslation("setting");
  const { swagger, spec } = apiDocUrls(window.location.origin);
  return (
    <div className="mx-auto max-w-2xl space-y-6 p-6" data-testid="api-doc-page">
      <p className="text-sm leading-relaxed text-zinc-600 dark:text-zinc-300">{t("api_doc_page.intro")}</p>

      <Section title={t("api_doc_page.swagger_title")} description={t("api_doc_page.swagger_desc")}>
        <div className="flex flex-wrap items-center gap-3 px-4 py-3">
          <a href={swagger} target="_blank" rel="noopener" className="btn-primary">
            <LinkIcon size={16} />
            {t("api_doc_page.open_swagger")}
          </a>
          <span className="font-mono text-xs break-all text-zinc-500 dark:text-zinc-400">{swagger}</span>
        </div>
      </Section>

      <Section title={t("api_doc_page.spec_title")} description={t("api_doc_page.spec_desc")}>
        <CopyField className="px-4 py-3" label={t("api_doc_page.spec_url")} value={spec} />
      </Section>

      <Section title={t("api_doc_page.auth_title")} description={t("api_doc_page.auth_desc")}>
        <div className="flex items-start gap-3 px-4 py-3 text-sm text-zinc-700 dark:text-zinc-200">
          <KeyIcon size={18} className="mt-0.5 shrink-0 text-zinc-500 dark:text-zinc-400" />
          <div className="space-y-2">
            <p>
              {t("api_doc_page.header_is")} <code className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[13px] dark:bg-zinc-800">x-api-key</code>
            </p>
            <ul className="list-disc space-y-1 pl-5 text-zinc-600 dark:text-zinc-300">
              <li>{t("api_doc_page.user_token")}</li>
              <li>{t("api_doc_page.bot_key")}</li>
            </ul>
          </div>
        </div>
        <Example label={t("api_doc_page.example_user")} command={`curl -H "x-api-key: <token>" ${window.location.origin}${API_BASE}/user/me`} />
        <Example
          label={t("api_doc_page.example_bot")}
          command={`curl -H "x-api-key: <bot key>" -H "content-type: text/plain" -d "Hello" ${window.location.origin}${API_BASE}/bot/send_to_group/1`}
        />
      </Section>
    </div>
  );
}
