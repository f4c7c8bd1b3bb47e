import { afterEach, beforeEach } from "vitest";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

/**
 * A real SMTP server in the test process (the `smtp-server` package) on a random local port:
 * plain SMTP without STARTTLS, authentication optional (or required with `auth`), every
 * message captured and decoded enough to read its subject, text, HTML and links.
 */
export interface CapturedMail {
  from: string;
  to: string[];
  /** The SMTP AUTH user, when the client logged in. */
  user: string | null;
  raw: string;
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL of the text part. */
  links: string[];
}

export interface TestSmtp {
  port: number;
  mails: CapturedMail[];
  /** The first mail (at or after index `from`) matching `pred`. */
  waitFor(pred?: (m: CapturedMail) => boolean, timeoutMs?: number, from?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_m, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === "B"
      ? Buffer.from(data, "base64").toString("utf8")
      : Buffer.from(
          data.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          "latin1",
        ).toString("utf8"),
  );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? "").toLowerCase()) {
    case "base64":
      return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
    case "quoted-printable":
      return Buffer.from(
        body.replace(/=\r\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
        "latin1",
      ).toString("utf8");
    default:
      return body;
  }
}

/** The text and HTML parts of a (possibly multipart) message. */
function parts(headers: Record<string, string>, body: string): { text: string; html: string } {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    const out = { text: "", html: "" };
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith("--")) break;
      const split = chunk.indexOf("\r\n\r\n");
      const inner = parts(parseHeaders(chunk.slice(0, split).replace(/^\r\n/, "")), chunk.slice(split + 4).replace(/\r\n$/, ""));
      out.text ||= inner.text;
      out.html ||= inner.html;
    }
    return out;
  }
  const decoded = decodeBody(body, headers["content-transfer-encoding"]);
  return type.toLowerCase().startsWith("text/html") ? { text: "", html: decoded } : { text: decoded, html: "" };
}

export function parseMail(raw: string, envelope: { from: string; to: string[]; user: string | null }): CapturedMail {
  const split = raw.indexOf("\r\n\r\n");
  const headers = parseHeaders(raw.slice(0, split));
  const { text, html } = parts(headers, raw.slice(split + 4));
  return {
    ...envelope,
    raw,
    headers,
    subject: decodeWords(headers.subject ?? ""),
    text,
    html,
    links: [...text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]),
  };
}

export async function startSmtp(opts: { auth?: { user: string; pass: string } } = {}): Promise<TestSmtp> {
  const mails: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS"],
    authOptional: !opts.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (opts.auth && (auth.username !== opts.auth.user || auth.password !== opts.auth.pass)) {
        callback(new Error("Invalid username or password"));
        return;
      }
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          user: typeof session.user === "string" ? session.user : null,
        };
        mails.push(parseMail(Buffer.concat(chunks).toString("utf8"), envelope));
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    port,
    mails,
    waitFor(pred = () => true, timeoutMs = 5_000, from = 0) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching mail; got ${mails.length}`)), timeoutMs);
        const check = () => {
          const found = mails.slice(from).find(pred);
          if (found) {
            clearTimeout(timer);
            resolve(found);
          } else {
            waiters.push(check);
          }
        };
        check();
      });
    },
    // Once: a test may stop the server early (a failing mail) and the suite close it again.
    close: () => (closing ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}

/**
 * An SMTP server for every test of the enclosing `describe`, started before the test and closed
 * after it (so no mail leaks from one test into the next); read it as `.smtp` inside a test.
 */
export function useSmtp(): { readonly smtp: TestSmtp } {
  let server: TestSmtp | null = null;
  beforeEach(async () => {
    server = await startSmtp();
  });
  afterEach(async () => {
    await server?.close();
    server = null;
  });
  return {
    get smtp() {
      if (!server) throw new Error("useSmtp: the SMTP server runs only inside the tests");
      return server;
    },
  };
}
