/**
 * The caller's passkeys (docs/API.md "MetaMask and passkeys"): list, register (start, the
 * browser's ceremony, finish) and remove. Registration needs the browser between the two calls,
 * so `usePasskeys` in My Account drives it; signing in with a passkey is on the login page.
 */
import type { PasskeyChallenge, PasskeyInfo } from "@parley/protocol";
import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import { accepted, api } from "./api";
import { SILENT } from "./base.query";
import { silentGet, silentSend } from "./endpoints";

export const passkeysApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `GET /token/passkey/list`: oldest first. */
    getPasskeys: builder.query<PasskeyInfo[], void>(silentGet("/token/passkey/list")),
    startPasskeyRegistration: builder.mutation<PasskeyChallenge<PublicKeyCredentialCreationOptionsJSON>, { name: string }>(silentSend("/token/passkey/register/start", "POST")),
    /** The new passkey joins the cached list once the server stored it. */
    finishPasskeyRegistration: builder.mutation<PasskeyInfo, { challenge_id: string; credential: RegistrationResponseJSON; name: string }>({
      extraOptions: SILENT,
      query: (body) => ({ url: "/token/passkey/register/finish", method: "POST", body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(passkeysApi.util.updateQueryData("getPasskeys", undefined, (list) => [...list.filter((p) => p.credential_id !== data.credential_id), data]));
        } catch {
          // Refused: the caller shows why.
        }
      },
    }),
    /** `DELETE /token/passkey/{credential_id}`. */
    deletePasskey: builder.mutation<void, string>({
      extraOptions: SILENT,
      query: (credentialId) => ({ url: `/token/passkey/${encodeURIComponent(credentialId)}`, method: "DELETE" }),
      async onQueryStarted(credentialId, { dispatch, queryFulfilled }) {
        if (await accepted(queryFulfilled)) {
          dispatch(passkeysApi.util.updateQueryData("getPasskeys", undefined, (list) => list.filter((p) => p.credential_id !== credentialId)));
        }
      },
    }),
  }),
});

export const { useGetPasskeysQuery, useStartPasskeyRegistrationMutation, useFinishPasskeyRegistrationMutation, useDeletePasskeyMutation } = passkeysApi;
