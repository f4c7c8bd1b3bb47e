import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useAppSelector } from "../../app/hooks";
import { ArrowRightIcon } from "../../components/Icons";
import ServerLogo from "../../components/ServerLogo";
import Button from "../../components/ui/Button";
import Input from "../../components/ui/Input";
import type { StepProps } from ".";

/** Step 2, Set Name: the server's name (saved with `PUT /api/admin/system/organization` once the admin exists). */
export default function SetNameStep({ next, back, data, update }: StepProps) {
  const { t } = useTranslation("welcome");
  const current = useAppSelector((s) => s.server.name);
  const [name, setName] = useState(data.serverName || (current && current !== "unknown" ? current : ""));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    update({ serverName: trimmed });
    next();
  };
  return (
    <form onSubmit={onSubmit}>
      <h1 className="text-xl font-bold tracking-tight text-zinc-900 dark:text-white">{t("onboarding.name.title")}</h1>
      <p className="mt-1 text-sm text-zinc-500 dark:text-zinc-400">{t("onboarding.name.desc")}</p>
      <div className="mt-6 flex items-end gap-4">
        <ServerLogo name={name || "?"} size={52} />
        <Input
          className="flex-1"
          label={t("onboarding.name.label")}
          name="server-name"
          maxLength={64}
          required
          autoFocus
          placeholder={t("onboarding.name.placeholder")}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t("onboarding.name.hint")}</p>
      <div className="mt-8 flex justify-between gap-3">
        <Button variant="ghost" onClick={back}>
          {t("onboarding.back")}
        </Button>
        <Button type="submit" disabled={!name.trim()}>
          {t("onboarding.next")}
          <ArrowRightIcon size={16} />
        </Button>
      </div>
    </form>
  );
}
