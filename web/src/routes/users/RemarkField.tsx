/**
 * The private remark for a user (`PUT /user/contact_remark`, docs/API.md "Users"): shown, edited in
 * place.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useUpdateRemarkMutation } from "../../app/services/contact";
import { PencilIcon } from "../../components/Icons";
import Button from "../../components/ui/Button";
import Input from "../../components/ui/Input";

/** The server's limit (`remark` ≤ 64 characters). */
export const REMARK_MAX = 64;

export default function RemarkField({ uid, name, remark }: { uid: number; name: string; remark: string }) {
  const { t } = useTranslation("member");
  const [draft, setDraft] = useState<string | null>(null);
  const [update, { isLoading }] = useUpdateRemarkMutation();

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (draft === null) return;
    const next = draft.trim();
    if (next === remark) return setDraft(null);
    const res = await update({ contact_uid: uid, remark: next });
    if (!("error" in res)) setDraft(null);
  };

  if (draft === null) {
    return (
      <div className="flex min-w-0 items-center gap-2">
        <span className={remark ? "truncate text-zinc-900 dark:text-zinc-100" : "text-zinc-500 italic dark:text-zinc-400"} data-testid="profile-remark">
          {remark || t("remark.empty")}
        </span>
        <button
          type="button"
          onClick={() => setDraft(remark)}
          className="icon-btn size-7 shrink-0"
          aria-label={remark ? t("remark.edit") : t("remark.add")}
          title={remark ? t("remark.edit") : t("remark.add")}
        >
          <PencilIcon size={14} />
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={(e) => void save(e)} className="space-y-2" onKeyDown={(e) => e.key === "Escape" && setDraft(null)}>
      <Input
        autoFocus
        aria-label={t("remark.label")}
        placeholder={t("remark.placeholder", { name })}
        maxLength={REMARK_MAX}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        hint={t("remark.hint")}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={isLoading}>
          {t("remark.save")}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setDraft(null)}>
          {t("remark.cancel")}
        </Button>
      </div>
    </form>
  );
}
