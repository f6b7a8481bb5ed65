import { appendFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import type { MailConfig, SmtpConfig } from './config.js';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text` (the same content). */
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe; never built from unchecked user input. */
  headers?: Record<string, string>;
};

/** Where the API's e-mails go, chosen by MAIL_TRANSPORT. */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
  /** Ends open connections (SMTP) at shutdown. */
  close?(): Promise<void>;
}

/**
 * The default transport. What it prints IS the e-mail, delivered to the operator's console because no mail
 * server is configured; it is not a log line (and so deliberately bypasses the logger, which never holds tokens).
 */
export function consoleTransport(write: (text: string) => void = (t) => process.stdout.write(t)): MailTransport {
  return {
    async send({ to, subject, text, headers }) {
      const extra = Object.entries(headers ?? {})
        .map(([k, v]) => `${k}: ${v}\n`)
        .join('');
      write(
        `\n----- e-mail (MAIL_TRANSPORT=console) -----\nTo: ${to}\nSubject: ${subject}\n${extra}\n${text}\n----- end of e-mail -----\n\n`,
      );
    },
  };
}

/** MAIL_TRANSPORT=none: mails are dropped (reset links then never reach anyone). */
export const noneTransport: MailTransport = { async send() {} };

/** Test-only (browser tests): appends each mail as one JSON line, synchronously, before the request answers. */
export function fileTransport(file: string): MailTransport {
  return {
    async send(mail) {
      appendFileSync(file, `${JSON.stringify(mail)}\n`, { mode: 0o600 });
    },
  };
}

/**
 * MAIL_TRANSPORT=smtp: a small pool of connections to the mail server (nodemailer). With `starttls` the upgrade is
 * required, so a server or a man in the middle that hides STARTTLS cannot make the password travel in clear text.
 */
export function smtpTransport(config: SmtpConfig, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    pool: true,
    maxConnections: 2,
    host: config.host,
    port: config.port,
    secure: config.tls === 'implicit',
    requireTLS: config.tls === 'starttls',
    ignoreTLS: config.tls === 'none',
    auth: config.user ? { user: config.user, pass: config.password } : undefined,
    tls: config.ca ? { ca: config.ca } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
    },
    async close() {
      transporter.close();
    },
  };
}

export function createMailTransport(config: MailConfig | undefined, from = 'Weightwise <no-reply@localhost>'): MailTransport {
  switch (config?.transport ?? 'console') {
    case 'none':
      return noneTransport;
    case 'file':
      return fileTransport((config as { file: string }).file);
    case 'smtp':
      return smtpTransport((config as { smtp: SmtpConfig }).smtp, from);
    default:
      return consoleTransport();
  }
}

/** An in-memory transport for tests: every sent mail lands in `sent`. */
export function memoryTransport(): MailTransport & { sent: Mail[] } {
  const sent: Mail[] = [];
  return {
    sent,
    async send(mail) {
      sent.push(mail);
    },
  };
}
