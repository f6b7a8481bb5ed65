import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** How the API reaches a mail server (MAIL_TRANSPORT=smtp). */
export type SmtpConfig = {
  host: string;
  port: number;
  /**
   * starttls: plain connection upgraded with STARTTLS, refused when the server does not offer it (port 587);
   * implicit: TLS from the first byte (port 465); none: never encrypted (a relay on the same machine only).
   */
  tls: 'starttls' | 'implicit' | 'none';
  user?: string;
  password?: string;
  /** PEM certificates to trust besides the system's (a private mail server's CA). */
  ca?: string;
};

export type MailConfig =
  | { transport: 'console' }
  | { transport: 'none' }
  /** Test-only: appends each mail as a JSON line to `file` (browser tests read reset links from it). */
  | { transport: 'file'; file: string }
  | { transport: 'smtp'; smtp: SmtpConfig };

export class MailConfigError extends Error {}

const SmtpEnv = z.object({
  SMTP_HOST: z.string().trim().min(1, 'SMTP_HOST is required with MAIL_TRANSPORT=smtp'),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_TLS: z.enum(['starttls', 'implicit', 'none']).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_CA_FILE: z.string().optional(),
});

/** SMTP_* variables → the SMTP settings; the port follows the TLS mode unless given (465 implicit, else 587). */
export function parseSmtpEnv(env: NodeJS.ProcessEnv): SmtpConfig {
  const parsed = SmtpEnv.safeParse(env);
  if (!parsed.success) throw new MailConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const e = parsed.data;
  const tls = e.SMTP_TLS ?? (e.SMTP_PORT === 465 ? 'implicit' : 'starttls');
  const user = e.SMTP_USER?.trim() || undefined;
  if (user && !e.SMTP_PASSWORD) throw new MailConfigError('SMTP_USER needs SMTP_PASSWORD');
  let ca: string | undefined;
  if (e.SMTP_CA_FILE?.trim()) {
    try {
      ca = readFileSync(e.SMTP_CA_FILE.trim(), 'utf8');
    } catch {
      throw new MailConfigError(`SMTP_CA_FILE: cannot read ${e.SMTP_CA_FILE.trim()}`);
    }
  }
  return {
    host: e.SMTP_HOST,
    port: e.SMTP_PORT ?? (tls === 'implicit' ? 465 : 587),
    tls,
    user,
    password: user ? e.SMTP_PASSWORD : undefined,
    ca,
  };
}

/** MAIL_FROM, or no-reply at the host users open the app at. */
export function mailFrom(env: NodeJS.ProcessEnv, publicUrl: string): string {
  const from = env.MAIL_FROM?.trim();
  if (from) {
    if (/[\r\n]/.test(from) || !/@/.test(from))
      throw new MailConfigError('MAIL_FROM must be an address such as "Weightwise <no-reply@example.com>"');
    return from;
  }
  return `Weightwise <no-reply@${new URL(publicUrl).hostname}>`;
}
