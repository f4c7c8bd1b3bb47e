/**
 * `/register/set_name/{from?}`: check the magic token, then ask for the name. From a
 * sign-up it registers (`POST /api/user/register`); from a login magic link of a new address
 * (`from = login`) it logs in with `extra_name`.
 */
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";
import { useAppDispatch } from "../../app/hooks";
import { loginWith } from "../../app/login";
import { useCheckMagicTokenMutation, useRegisterMutation } from "../../app/services/auth";
import { setAuthData } from "../../app/slices/auth.data";
import AuthHeader from "../../components/auth/AuthHeader";
import MagicLinkInvalid from "../../components/auth/MagicLinkInvalid";
import { Spinner, UserIcon } from "../../components/Icons";
import Alert from "../../components/ui/Alert";
import Button from "../../components/ui/Button";
import Input from "../../components/ui/Input";
import { useRunOnce } from "../../hooks/useRunOnce";
import { getDeviceKey } from "../../utils/device";
import { toast } from "../../utils/toast";
import { readMagicToken } from ".";

export default function SetName() {
  const { t } = useTranslation("auth");
  const dispatch = useAppDispatch();
  const { from = "reg" } = useParams();
  const [query] = useSearchParams();
  const token = readMagicToken(query);
  const [check, { data: valid, isUninitialized, isLoading: checking }] = useCheckMagicTokenMutation();
  const [register, { isLoading: registering }] = useRegisterMutation();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useRunOnce(!!token, () => void check(token));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setError(null);
    if (from === "login") {
      setBusy(true);
      const res = await loginWith(dispatch, { type: "magiclink", magic_token: token, extra_name: trimmed });
      setBusy(false);
      if (res.error && res.error.status === 409) setError(t("set_name.conflict"));
      return;
    }
    const res = await register({ magic_token: token, name: trimmed, device: getDeviceKey() });
    if ("data" in res && res.data) {
      dispatch(setAuthData(res.data));
      toast.success(t("tip.register_success"));
      return;
    }
    const status = (res.error as { status?: unknown } | undefined)?.status;
    setError(status === 409 ? t("set_name.conflict") : status === 412 ? t("tip.magic_link_invalid") : t("register.error_failed"));
  };

  if (!token || (!isUninitialized && !checking && valid !== true)) return <MagicLinkInvalid />;
  if (checking || isUninitialized) {
    return (
      <div className="flex flex-col items-center gap-4 py-6" role="status">
        <Spinner size={26} className="text-primary-500" />
        <p className="text-sm text-zinc-500 dark:text-zinc-400">{t("set_name.checking")}</p>
      </div>
    );
  }
  return (
    <>
      <AuthHeader title={t("set_name.title")} desc={t("set_name.desc")} />
      <form className="mt-8 space-y-4" onSubmit={onSubmit}>
        <Input
          label={t("set_name.label")}
          name="username"
          required
          autoFocus
          maxLength={32}
          leading={<UserIcon size={16} />}
          placeholder={t("set_name.placeholder")}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" block loading={registering || busy} disabled={!name.trim()}>
          {t("set_name.submit")}
        </Button>
      </form>
    </>
  );
}
