import { constants, createPublicKey, publicDecrypt, type KeyObject } from "node:crypto";

/**
 * The license string of docs/API.md "License": base58 (Bitcoin alphabet) of the UTF-8 text
 * `<domains joined by |>,<user_limit>,<created_at>,<expired_at>,<hex signature>`, the dates in
 * the display form `2032-01-01 00:00:00 UTC`. The signature is RSA PKCS#1 v1.5 over the exact
 * bytes of `<domains>,<created_at>,<expired_at>` with no hash and no DigestInfo (so `user_limit`
 * is not signed, as in VoceChat).
 */

const ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const DIGIT = new Map([...ALPHABET].map((c, i) => [c, i]));

export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0;
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
  let n = 0n;
  for (const b of bytes) n = n * 256n + BigInt(b);
  let out = "";
  while (n > 0n) {
    out = ALPHABET[Number(n % 58n)] + out;
    n /= 58n;
  }
  return "1".repeat(zeros) + out;
}

/** The bytes of a base58 string, or null when a character is not in the alphabet. */
export function base58Decode(text: string): Buffer | null {
  let zeros = 0;
  while (zeros < text.length && text[zeros] === "1") zeros++;
  let n = 0n;
  for (const c of text) {
    const d = DIGIT.get(c);
    if (d === undefined) return null;
    n = n * 58n + BigInt(d);
  }
  const body: number[] = [];
  while (n > 0n) {
    body.unshift(Number(n % 256n));
    n /= 256n;
  }
  return Buffer.from([...new Array<number>(zeros).fill(0), ...body]);
}

export interface License {
  domains: string[];
  user_limit: number;
  /** The dates as they are signed (display form). */
  created_at_text: string;
  expired_at_text: string;
  created_at: Date;
  expired_at: Date;
  /** The hex signature as written. */
  signature: string;
  base58: string;
}

const U32_MAX = 4_294_967_295;
const DISPLAY_DATE = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?) UTC$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/** A date as chrono displays a UTC time (`2032-01-01 00:00:00 UTC`), or RFC 3339. */
function parseDate(text: string): Date | null {
  const display = DISPLAY_DATE.exec(text);
  const iso = display ? `${display[1]}T${display[2].slice(0, 12)}Z` : RFC3339.test(text) ? text : null;
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** `2032-01-01 00:00:00 UTC`: how a license signs its dates. */
export function displayDate(date: Date): string {
  return date.toISOString().replace("T", " ").replace(/\.000Z$|Z$/, "") + " UTC";
}

/** RFC 3339 as VoceChat answers it: `2032-01-01T00:00:00Z`, milliseconds only when there are some. */
export function rfc3339(date: Date): string {
  return date.toISOString().replace(/\.000Z$/, "Z");
}

/** The domain list as signed: lower-case host names or `*`, no commas or bars inside. */
const DOMAIN = /^(\*|[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*)$/i;

/**
 * Reads a license string; null when it is not one (not base58, not UTF-8, not five fields, a
 * domain, limit or date that does not parse). The signature is not checked here.
 */
export function parseLicense(base58: string): License | null {
  const text = base58.trim();
  if (!text || text.length > 4096) return null;
  const bytes = base58Decode(text);
  if (!bytes) return null;
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const fields = decoded.split(",");
  if (fields.length !== 5) return null;
  const [domainList, limitText, createdText, expiredText, signature] = fields;
  const domains = domainList.split("|");
  if (!domains.every((d) => DOMAIN.test(d))) return null;
  if (!/^[0-9]{1,10}$/.test(limitText) || Number(limitText) > U32_MAX) return null;
  const created = parseDate(createdText);
  const expired = parseDate(expiredText);
  if (!created || !expired) return null;
  return {
    domains,
    user_limit: Number(limitText),
    created_at_text: createdText,
    expired_at_text: expiredText,
    created_at: created,
    expired_at: expired,
    signature,
    base58: text,
  };
}

/** The bytes a license's signature covers. */
export function signedMessage(domains: string[], createdText: string, expiredText: string): Buffer {
  return Buffer.from(`${domains.join("|")},${createdText},${expiredText}`, "utf8");
}

/** Whether the license's signature verifies against `key` (raw PKCS#1 v1.5, no hash). */
export function verifyLicense(license: License, key: KeyObject | null): boolean {
  if (!key || !/^([0-9a-f]{2})+$/i.test(license.signature)) return false;
  try {
    const recovered = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(license.signature, "hex"));
    return recovered.equals(signedMessage(license.domains, license.created_at_text, license.expired_at_text));
  } catch {
    return false;
  }
}

/**
 * `LICENSE_PUBLIC_KEY` as a key: a PEM (PKCS#1 `RSA PUBLIC KEY` or SPKI `PUBLIC KEY`), with `\n`
 * escapes allowed so it fits one line of an environment file. Throws on anything else.
 */
export function readPublicKey(pem: string): KeyObject {
  const key = createPublicKey(pem.replace(/\\n/g, "\n").trim());
  if (key.asymmetricKeyType !== "rsa") throw new Error("expected an RSA public key");
  return key;
}
