/**
 * The admin console's server settings (docs/API.md "Server settings", "Identity", "Files"): the
 * system switches, SMTP and its test mail, the organization logo. The organization's name and
 * the login methods are in `server.ts`, which the rest of the client reads them through.
 */
import type { SendMailRequest, SmtpConfig, SystemCommon } from "@parley/protocol";
import { api } from "./api";
import { SILENT } from "./base.query";
import { updateCommon, updateSMTPStatus } from "../slices/server";
import { freshGet, silentSend } from "./endpoints";

export const adminSystemApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /**
     * `PUT /api/admin/system/common` with the changed fields only; the answer (every field) goes
     * to the server slice at once, before the stream's `server_config_changed` repeats it.
     */
    updateSystemCommon: builder.mutation<SystemCommon, Partial<SystemCommon>>({
      extraOptions: SILENT,
      query: (body) => ({ url: "/admin/system/common", method: "PUT", body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          dispatch(updateCommon((await queryFulfilled).data));
        } catch {
          // shown by the page
        }
      },
    }),
    /** `GET /api/admin/smtp/config`: the stored password comes back as `SMTP_PASSWORD_MASK`. */
    getSmtpConfig: builder.query<SmtpConfig, void>(freshGet("/admin/smtp/config")),
    /** `POST /api/admin/smtp/config`; the mask as password keeps the stored one. */
    updateSmtpConfig: builder.mutation<null, SmtpConfig>({
      extraOptions: SILENT,
      query: (body) => ({ url: "/admin/smtp/config", method: "POST", body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          // What `GET /admin/smtp/enabled` now answers (the login page's magic link, Login Methods).
          dispatch(updateSMTPStatus(body.enabled && body.host.trim() !== ""));
        } catch {
          // shown by the page
        }
      },
    }),
    /** `POST /api/admin/system/send_mail`: a test message (503 with the SMTP server's answer on failure). */
    sendTestMail: builder.mutation<null, SendMailRequest>(silentSend("/admin/system/send_mail", "POST")),
    /** `POST /api/admin/system/organization/logo` with a PNG; the stream's `server_config_changed` brings the new URL. */
    uploadOrganizationLogo: builder.mutation<null, Blob>({
      extraOptions: SILENT,
      query: (image) => ({ url: "/admin/system/organization/logo", method: "POST", body: image, headers: { "Content-Type": "image/png" } }),
    }),
  }),
});

export const { useUpdateSystemCommonMutation, useGetSmtpConfigQuery, useUpdateSmtpConfigMutation, useSendTestMailMutation, useUploadOrganizationLogoMutation } =
  adminSystemApi;

