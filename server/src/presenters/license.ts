import { LICENSE_UNLIMITED, type LicenseReply } from "@parley/protocol";
import { rfc3339, type License } from "../license/format.js";

/** The community license's dates: from the epoch to the end of year 9999 (it never expires). */
const COMMUNITY_CREATED_AT = "1970-01-01T00:00:00Z";
const COMMUNITY_EXPIRED_AT = "9999-12-31T23:59:59Z";

/** What a server without an installed license answers: any domain, no user limit, valid. */
export function presentCommunityLicense(userCount: number, maxUsers: number): LicenseReply {
  return {
    domains: ["*"],
    user_limit: maxUsers > 0 ? maxUsers : LICENSE_UNLIMITED,
    created_at: COMMUNITY_CREATED_AT,
    expired_at: COMMUNITY_EXPIRED_AT,
    sign: true,
    base58: "",
    installed: false,
    user_count: userCount,
    problem: null,
  };
}

export function presentLicense(license: License, extra: { sign: boolean; installed: boolean; user_count: number; problem: string | null }): LicenseReply {
  return {
    domains: license.domains,
    user_limit: license.user_limit,
    created_at: rfc3339(license.created_at),
    expired_at: rfc3339(license.expired_at),
    sign: extra.sign,
    base58: license.base58,
    installed: extra.installed,
    user_count: extra.user_count,
    problem: extra.problem,
  };
}
