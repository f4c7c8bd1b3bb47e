/**
 * The license (docs/API.md "License"): what the server runs under — the unlimited community
 * license until an admin installs a signed one — and the admin's check and install.
 */
import type { LicenseBody, LicenseReply } from "@parley/protocol";
import { api } from "./api";
import { freshGet, silentSend } from "./endpoints";

export const licenseApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `GET /api/license` (any session); failures are logged only (`SILENT_ENDPOINTS`). */
    getLicense: builder.query<LicenseReply, void>(freshGet("/license")),
    /** `POST /api/license/check`: what a license string says and whether it would install here. */
    checkLicense: builder.mutation<LicenseReply, LicenseBody>(silentSend("/license/check", "POST")),
    /** `PUT /api/license`: installs it (400 in words when it cannot serve this server). */
    installLicense: builder.mutation<boolean, LicenseBody>(silentSend("/license", "PUT")),
  }),
});

export const { useGetLicenseQuery, useCheckLicenseMutation, useInstallLicenseMutation } = licenseApi;
