/**
 * The license (docs/API.md "License"). Parley is free software: without an installed license a
 * server reports the unlimited community license. An admin may install a signed license to cap
 * the number of accounts; its wire shape is VoceChat's `LicenseReply`.
 */
export interface LicenseReply {
  /** The domains the license is for; `["*"]` is any. */
  domains: string[];
  /** The most non-guest accounts; the community license answers `LICENSE_UNLIMITED`. */
  user_limit: number;
  /** RFC 3339, the only dates on the wire that are not milliseconds. */
  created_at: string;
  expired_at: string;
  /** Whether the signature verifies against the server's `LICENSE_PUBLIC_KEY`. */
  sign: boolean;
  /** The license string as installed; empty for the community license. */
  base58: string;
  /** Parley addition: false for the community license (nothing installed). */
  installed: boolean;
  /** Parley addition: the accounts that count against `user_limit` now (guests do not). */
  user_count: number;
  /** Parley addition: why this license could not be installed here, or null ("Domain incorrect.", "Expired.", "Sign invalid."). */
  problem: string | null;
}

/** `PUT /api/license` and `POST /api/license/check`. */
export interface LicenseBody {
  license: string;
}

/** The community license's `user_limit`: the largest u32, as VoceChat's field is one. */
export const LICENSE_UNLIMITED = 4_294_967_295;
