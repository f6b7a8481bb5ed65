import { Agent } from 'node:https';
import webpush from 'web-push';
import type { PushConfig } from './config.js';

/** What a notification shows: the service worker (shell/public/push-sw.js) reads exactly these fields. */
export type PushMessage = { title: string; body: string; url: string; tag: string };
export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** gone: the push service says this subscription no longer exists (404/410): forget it. */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; status: number | null };

export interface PushSender {
  readonly publicKey: string;
  send(target: PushTarget, message: PushMessage, options?: { ttlSeconds?: number; urgency?: 'normal' | 'high' }): Promise<PushOutcome>;
}

/**
 * Sends through the web-push package: the payload is encrypted for the browser (aes128gcm) and signed with this
 * server's VAPID key. A push service is only ever an allowed host (checked when the subscription is saved).
 */
export function webPushSender(config: PushConfig): PushSender {
  const agent = config.ca ? new Agent({ ca: config.ca, keepAlive: true }) : new Agent({ keepAlive: true });
  return {
    publicKey: config.publicKey,
    async send(target, message, options = {}) {
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
            TTL: options.ttlSeconds ?? 4 * 3600,
            urgency: options.urgency ?? 'normal',
            // a newer reminder of the same kind replaces an undelivered older one at the push service
            topic: message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            agent,
          },
        );
        return { ok: true };
      } catch (err) {
        const status = typeof (err as { statusCode?: unknown }).statusCode === 'number' ? (err as { statusCode: number }).statusCode : null;
        return { ok: false, gone: status === 404 || status === 410, status };
      }
    },
  };
}
