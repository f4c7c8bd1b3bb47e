/**
 * Signing in, shared by every sign-in method (password, magic link, OAuth callbacks, guest): one
 * `POST /api/token/login` (or `GET /token/login_guest`), VoceChat's error toasts, then the session
 * is stored and the route guard moves on to the remembered path.
 */
import type { LoginCredential, LoginResponse } from "@parley/protocol";
import i18n from "../i18n";
import { toast } from "../utils/toast";
import { getDeviceKey } from "../utils/device";
import { publicRequest, type PublicResult } from "./services/public";
import { setAuthData } from "./slices/auth.data";
import type { AppDispatch } from "./store";

const t = (key: string) => i18n.t(key, { ns: "auth" }) as string;

/** The toast for a failed login. */
export function loginErrorText(status: unknown): string | undefined {
  switch (status) {
    case 401:
    case 404:
      return t("tip.credential_error");
    case 403:
      return t("tip.method_not_supported");
    case 410:
      return t("tip.no_account");
    case 423:
      return t("tip.frozen");
    case 400:
      return t("tip.magic_link_invalid");
    default:
      return undefined;
  }
}

/** Log in with a credential; stores the session on success. */
export async function loginWith(
  dispatch: AppDispatch,
  credential: LoginCredential,
  { quiet = false, endpoint = "login" }: { quiet?: boolean; endpoint?: string } = {},
): Promise<PublicResult<LoginResponse>> {
  const res = await publicRequest<LoginResponse>(
    endpoint,
    { url: "/token/login", method: "POST", body: { credential, device: getDeviceKey(), device_token: "" } },
    dispatch,
  );
  if (res.error) {
    const text = loginErrorText(res.error.status);
    if (text && !quiet) toast.error(text);
    return res;
  }
  dispatch(setAuthData(res.data));
  toast.success(t("tip.login_success"));
  return res;
}
