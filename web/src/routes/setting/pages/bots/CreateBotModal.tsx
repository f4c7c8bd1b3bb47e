/** "Create a bot": name, webhook URL (optional; the server probes it: a 406 is shown in its words) and public or not. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { AdminUser } from "@parley/protocol";
import { useCreateBotMutation } from "../../../../app/services/bots";
import { refusalText } from "../../../../app/services/refusal";
import { PlusIcon } from "../../../../components/Icons";
import Input from "../../../../components/ui/Input";
import FormModal from "../../../../components/ui/FormModal";
import { ModalIcon } from "../../../../components/ui/Modal";
import Toggle from "../../../../components/ui/Toggle";

export default function CreateBotModal({ onClose, onCreated }: { onClose: () => void; onCreated: (bot: AdminUser) => void }) {
  const { t } = useTranslation("setting");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [isPublic, setPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [create, { isLoading }] = useCreateBotMutation();

  const submit = async () => {
    setError(null);
    const res = await create({ name: name.trim(), webhook_url: url.trim() || null, is_public: isPublic });
    if ("error" in res) return setError(refusalText(res.error) ?? t("bots_page.failed"));
    onCreated(res.data);
  };

  return (
    <FormModal
      title={t("bots_page.create")}
      description={t("bots_page.create_desc")}
      icon={
        <ModalIcon>
          <PlusIcon size={18} />
        </ModalIcon>
      }
      error={error}
      submitLabel={t("bots_page.create_save")}
      submitting={isLoading}
      testId="create-bot"
      onSubmit={submit}
      onClose={onClose}
    >
        <Input label={t("bots_page.name")} value={name} onChange={(e) => setName(e.target.value)} required maxLength={32} autoComplete="off" data-autofocus />
        <Input
          label={t("bots_page.webhook_url")}
          hint={t("bots_page.webhook_hint")}
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://bot.example.com/webhook"
          maxLength={2048}
          autoComplete="off"
        />
        <Toggle label={t("bots_page.public")} description={t("bots_page.public_desc")} checked={isPublic} onChange={setPublic} />
    </FormModal>
  );
}
