/**
 * The license (docs/API.md "License"): what the server runs under — the unlimited community
 * license until an admin installs a signed one — and the admin's check and install.
 */
import type { LicenseBody, LicenseReply } from "@parley/protocol";
import { api } from "./api";
import { SILENT } from "./base.query";

export const licenseApi = api.injectEndpoints({
  endpoints: (builder) => ({
    /** `GET /api/license` (any session); failures are logged only (`SILENT_ENDPOINTS`). */
    getLicense: builder.query<LicenseReply, void>({
      query: () => ({ url: "/license" }),
      keepUnusedDataFor: 0,
    }),
    /** `POST /api/license/check`: what a license string says and whether it would install here. */
    checkLicense: builder.mutation<LicenseReply, LicenseBody>({
      extraOptions: SILENT,
      query: (body) => ({ url: "/license/check", method: "POST", body }),
    }),
    /** `PUT /api/license`: installs it (400 in words when it cannot serve this server). */
    installLicense: builder.mutation<boolean, LicenseBody>({
      extraOptions: SILENT,
      query: (body) => ({ url: "/license", method: "PUT", body }),
    }),
  }),
});

export const { useGetLicenseQuery, useCheckLicenseMutation, useInstallLicenseMutation } = licenseApi;
