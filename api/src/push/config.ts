import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';

/** Web push on this server: the VAPID key pair that signs every message, and where messages may be sent. */
export type PushConfig = {
  /** base64url of the uncompressed P-256 public key (65 bytes): what browsers subscribe with. */
  publicKey: string;
  /** base64url of the private key (32 bytes). */
  privateKey: string;
  /** Who runs this server, for the push services: a mailto: address or an https: URL. */
  subject: string;
  /** Hosts of push services a subscription may point at (`*.example.com` covers its subdomains). */
  endpointHosts: string[];
  /** PEM certificates to trust besides the system's, for a self-hosted push service. */
  ca?: string;
};

/** The push services of Chrome, Edge, Firefox and Safari. */
export const DEFAULT_PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'];

export class PushConfigError extends Error {}

const B64URL = /^[A-Za-z0-9_-]+$/;
const isKey = (s: string, bytes: number) => B64URL.test(s) && Buffer.from(s, 'base64url').length === bytes;

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or a pair generated once and kept in DATA_DIR/vapid-keys.json (like the
 * JWT secret), so subscriptions survive restarts. In production a generated pair is not made up: several machines
 * would each make their own, so push stays off until the keys are set (the reason is returned).
 */
export function loadPushConfig(
  env: NodeJS.ProcessEnv,
  o: { dataDir: string; production: boolean; publicUrl: string; mailFrom: string },
): { push?: PushConfig; off?: string } {
  const pub = env.VAPID_PUBLIC_KEY?.trim();
  const priv = env.VAPID_PRIVATE_KEY?.trim();
  let keys: { publicKey: string; privateKey: string };
  if (pub || priv) {
    if (!pub || !priv) throw new PushConfigError('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
    if (!isKey(pub, 65)) throw new PushConfigError('VAPID_PUBLIC_KEY must be a base64url P-256 public key (65 bytes)');
    if (!isKey(priv, 32)) throw new PushConfigError('VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)');
    keys = { publicKey: pub, privateKey: priv };
  } else if (o.production) {
    return { off: 'web push is off: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (npx web-push generate-vapid-keys)' };
  } else {
    keys = loadOrCreateVapidKeys(o.dataDir);
  }
  const hosts = env.PUSH_ENDPOINT_HOSTS?.trim();
  const endpointHosts = hosts
    ? hosts
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean)
    : DEFAULT_PUSH_HOSTS;
  let ca: string | undefined;
  if (env.PUSH_CA_FILE?.trim()) {
    try {
      ca = readFileSync(env.PUSH_CA_FILE.trim(), 'utf8');
    } catch {
      throw new PushConfigError(`PUSH_CA_FILE: cannot read ${env.PUSH_CA_FILE.trim()}`);
    }
  }
  return { push: { ...keys, subject: vapidSubject(env.VAPID_SUBJECT, o.publicUrl, o.mailFrom), endpointHosts, ca } };
}

/** VAPID_SUBJECT, else the public https URL, else mailto: the sender address. */
export function vapidSubject(value: string | undefined, publicUrl: string, mailFrom: string): string {
  const v = value?.trim();
  if (v) {
    if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v))
      throw new PushConfigError('VAPID_SUBJECT must be a mailto: address or an https: URL');
    return v;
  }
  if (publicUrl.startsWith('https://')) return publicUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

function loadOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, 'vapid-keys.json');
  const read = () => {
    const k = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: string; privateKey?: string };
    if (typeof k.publicKey === 'string' && typeof k.privateKey === 'string' && isKey(k.publicKey, 65) && isKey(k.privateKey, 32))
      return { publicKey: k.publicKey, privateKey: k.privateKey };
    throw new PushConfigError(`${file} does not hold a VAPID key pair: remove it to make a new one`);
  };
  if (existsSync(file)) return read();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const keys = webpush.generateVAPIDKeys();
  try {
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch {
    // another worker won the race: use its pair
    return read();
  }
}

/** True when `endpoint` is an https URL on one of the allowed push service hosts. */
export function isAllowedEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  const matches = (h: string) => (h.startsWith('*.') ? host.endsWith(h.slice(1)) && host.length > h.length - 1 : host === h);
  // the public push services answer on 443 only; a self-hosted one (PUSH_ENDPOINT_HOSTS) may name its own port
  return hosts.some((h) => matches(h) && (url.port === '' || !DEFAULT_PUSH_HOSTS.includes(h)));
}
