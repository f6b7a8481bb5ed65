import { appendFileSync } from 'node:fs';
import type { MailConfig } from '../config.js';

export type Mail = { to: string; subject: string; text: string };

/**
 * Where the API's e-mails go. An SMTP (or provider API) transport is not built yet; it would implement
 * this same interface and be chosen by MAIL_TRANSPORT.
 */
export interface MailTransport {
  send(mail: Mail): Promise<void>;
}

/**
 * The default transport. What it prints IS the e-mail, delivered to the operator's console because no mail
 * server is configured; it is not a log line (and so deliberately bypasses the logger, which never holds tokens).
 */
export function consoleTransport(write: (text: string) => void = (t) => process.stdout.write(t)): MailTransport {
  return {
    async send({ to, subject, text }) {
      write(`\n----- e-mail (MAIL_TRANSPORT=console) -----\nTo: ${to}\nSubject: ${subject}\n\n${text}\n----- end of e-mail -----\n\n`);
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

export function createMailTransport(config: MailConfig | undefined): MailTransport {
  switch (config?.transport ?? 'console') {
    case 'none':
      return noneTransport;
    case 'file':
      return fileTransport((config as { file: string }).file);
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
