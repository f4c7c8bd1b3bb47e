import type { SmtpConfig } from "@parley/protocol";
import type Nodemailer from "nodemailer";

// nodemailer is loaded on the first mail: most servers never configure SMTP.
let nodemailer: Promise<typeof Nodemailer> | null = null;

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends mail through the SMTP server of the stored config (`/admin/smtp/config`). A transport
 * is built for each message from the current config, so a change applies at once on every
 * node; port 465 speaks implicit TLS, other ports upgrade with STARTTLS when offered.
 */
export class Mailer {
  /** Where failed sends are reported (the app's logger once the app is built). */
  onError: (err: unknown, to: string) => void = () => {};

  constructor(private readonly timeoutMs = 15_000) {}

  async send(config: SmtpConfig, mail: OutgoingMail): Promise<void> {
    const { createTransport } = await (nodemailer ??= import("nodemailer"));
    const transport = createTransport({
      host: config.host,
      port: config.port,
      secure: config.port === 465,
      auth: config.username ? { user: config.username, pass: config.password } : undefined,
      connectionTimeout: this.timeoutMs,
      greetingTimeout: this.timeoutMs,
      socketTimeout: this.timeoutMs,
    });
    try {
      await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (err) {
      this.onError(err, mail.to);
      throw err;
    } finally {
      transport.close();
    }
  }
}
