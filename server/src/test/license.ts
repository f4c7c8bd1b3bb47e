import { constants, generateKeyPairSync, privateEncrypt, type KeyObject } from "node:crypto";
import { base58Encode, displayDate, signedMessage } from "../license/format.js";

/**
 * Licenses for tests, built exactly as docs/API.md "License" describes VoceChat's: base58 of
 * `<domains|>,<user_limit>,<created_at>,<expired_at>,<hex signature>`, the signature raw RSA
 * PKCS#1 v1.5 (no hash) over `<domains|>,<created_at>,<expired_at>`.
 */
export interface LicenseKeys {
  /** PKCS#1 PEM, as `LICENSE_PUBLIC_KEY` takes it. */
  publicPem: string;
  privateKey: KeyObject;
}

export function licenseKeys(): LicenseKeys {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return { publicPem: publicKey.export({ type: "pkcs1", format: "pem" }).toString(), privateKey };
}

export interface LicenseFields {
  domains?: string[];
  user_limit?: number;
  created_at?: Date;
  expired_at?: Date;
}

/** A license signed with `keys` (defaults: any domain, 100 users, a year from now). */
export function makeLicense(keys: LicenseKeys, fields: LicenseFields = {}): string {
  const domains = fields.domains ?? ["*"];
  const created = displayDate(fields.created_at ?? new Date(Date.UTC(2026, 0, 1)));
  const expired = displayDate(fields.expired_at ?? new Date(Date.now() + 365 * 86_400_000));
  const signature = privateEncrypt({ key: keys.privateKey, padding: constants.RSA_PKCS1_PADDING }, signedMessage(domains, created, expired)).toString("hex");
  return base58Encode(Buffer.from(`${domains.join("|")},${fields.user_limit ?? 100},${created},${expired},${signature}`, "utf8"));
}

/** Any text as base58, for licenses that are not (too few fields, a bad date). */
export const base58Of = (text: string): string => base58Encode(Buffer.from(text, "utf8"));
