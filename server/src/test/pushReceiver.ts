import { createECDH, createDecipheriv, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A PUSH SERVICE for the Web Push tests, on 127.0.0.1: it plays the browser's side too. It holds
 * a subscription's keys (a P-256 key pair and a 16-byte auth secret, as a browser makes them),
 * and for every push message it receives it checks the VAPID authorization (RFC 8292: an ES256
 * JWT whose `aud` is the endpoint's origin, verified with the `k` public key) and decrypts the
 * `aes128gcm` body (RFC 8188 and RFC 8291) with the subscription's private key: the real
 * protocol, end to end, with nothing of web-push on this side.
 */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The VAPID JWT's claims and the `k` key it was verified with. */
  vapid: { aud: string; exp: number; sub: string; k: string };
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
}

export interface PushReceiver {
  /** `http://127.0.0.1:<port>/push/<id>`: one subscription's endpoint. */
  endpoint(id?: string): string;
  /** The subscription's keys, base64url, as `PushSubscription.toJSON().keys`. */
  keys: { p256dh: string; auth: string };
  received: ReceivedPush[];
  /** Requests that failed the checks (a bad JWT, an undecryptable body), with why. */
  rejected: string[];
  /** The status the next requests get (201 by default). */
  answer(status: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString("base64url");

/** The public key of an uncompressed P-256 point, for `crypto.verify`. */
function p256Key(raw: Buffer) {
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("not an uncompressed P-256 point");
  return createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33)) }, format: "jwk" });
}

/** Checks `Authorization: vapid t=<jwt>, k=<key>` for `origin`; answers the claims. */
export function checkVapid(authorization: string | undefined, origin: string): ReceivedPush["vapid"] {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!m) throw new Error(`no vapid authorization: ${authorization}`);
  const [, jwt, k] = m;
  const [h, p, sig] = jwt.split(".");
  const header = JSON.parse(Buffer.from(h, "base64url").toString()) as { alg: string; typ: string };
  if (header.alg !== "ES256") throw new Error(`alg ${header.alg}`);
  const ok = verify("sha256", Buffer.from(`${h}.${p}`), { key: p256Key(Buffer.from(k, "base64url")), dsaEncoding: "ieee-p1363" }, Buffer.from(sig, "base64url"));
  if (!ok) throw new Error("bad VAPID signature");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const now = Math.floor(Date.now() / 1000);
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp} out of range`);
  return { ...claims, k };
}

/** Decrypts one `aes128gcm` push message body (RFC 8291 §3.4, RFC 8188 §2) for the subscription (`ua`, `auth`). */
export function decryptPush(body: Buffer, ua: ECDH, auth: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20];
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  if (ciphertext.length > rs) throw new Error("more than one record");
  const ecdhSecret = ua.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), ua.getPublicKey(), asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record: the content, a 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end);
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const ua = createECDH("prime256v1");
  ua.generateKeys();
  const auth = randomBytes(16);
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  const waiters: (() => void)[] = [];
  let status = 201;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        if (req.headers["content-encoding"] !== "aes128gcm") throw new Error(`content-encoding ${req.headers["content-encoding"]}`);
        const vapid = checkVapid(req.headers.authorization, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
        const payload: unknown = JSON.parse(decryptPush(Buffer.concat(chunks), ua, auth).toString("utf8"));
        received.push({ path: req.url ?? "", headers: req.headers, vapid, payload });
        res.writeHead(status).end();
      } catch (err) {
        rejected.push(String(err));
        res.writeHead(400).end();
      }
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: (id = "sub") => `http://127.0.0.1:${port}/push/${id}`,
    keys: { p256dh: b64u(ua.getPublicKey()), auth: b64u(auth) },
    received,
    rejected,
    answer(s) {
      status = s;
    },
    waitFor(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`expected ${count} pushes, got ${received.length} (rejected: ${rejected.join("; ")})`)), timeoutMs);
        const check = () => {
          if (received.length >= count) {
            clearTimeout(timer);
            resolve(received);
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // The server's kept-alive connections would hold `close` open.
        server.closeAllConnections();
      }),
  };
}
