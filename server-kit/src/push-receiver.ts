/**
 * A push service of our own for tests (ports and certificates are the caller's): an HTTPS server that takes what web-push sends, checks its VAPID signature
 * and decrypts the payload as a browser would (RFC 8291, aes128gcm), with keys made here for each subscription.
 */
import { createECDH, createHmac, createPublicKey, createDecipheriv, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestCert } from './tls.js';

export type Received = {
  id: string;
  headers: Record<string, string | string[] | undefined>;
  /** The decrypted payload. */
  text: string;
  /** Claims of the VAPID JWT, once its signature is verified with `k`. */
  vapid: { aud: string; exp: number; sub: string; publicKey: string };
};

type Keys = { ecdh: ReturnType<typeof createECDH>; auth: Buffer };

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 with RFC 8188's aes128gcm framing: one record, as web-push writes it. */
export function decryptAes128gcm(body: Buffer, keys: Keys): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const uaPublic = keys.ecdh.getPublicKey();
  const secret = keys.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(keys.auth, secret);
  const ikm = hmac(prkKey, Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublic, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('not the last record');
  return plain.subarray(0, end).toString('utf8');
}

function verifyVapid(header: string | undefined): Received['vapid'] {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID authorization: ${header}`);
  const [h, p, s] = m[1]!.split('.');
  const raw = Buffer.from(m[2]!, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const ok = verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url'));
  if (!ok) throw new Error('VAPID signature does not verify');
  return { ...JSON.parse(Buffer.from(p!, 'base64url').toString()), publicKey: m[2]! };
}

export class PushReceiver {
  readonly received: Received[] = [];
  /** Subscriptions answered with this status instead of 201 (e.g. 410 Gone). */
  readonly statusFor = new Map<string, number>();
  private readonly keys = new Map<string, Keys>();
  private server?: Server;
  private waiters: Array<() => void> = [];

  private bound = 0;

  /** Port 0 (the default) takes a free port from the system, so a run never collides with another process. */
  constructor(
    private readonly cert: TestCert,
    private readonly wanted: number = 0,
  ) {}

  /** The port it listens on, known once started. */
  get port(): number {
    if (!this.bound) throw new Error('PushReceiver: not started');
    return this.bound;
  }

  get origin() {
    return `https://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.server = createServer({ key: this.cert.key, cert: this.cert.cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = (req.url ?? '').replace(/^\/push\//, '');
        const status = this.statusFor.get(id);
        if (status) {
          res.statusCode = status;
          return res.end();
        }
        const keys = this.keys.get(id);
        try {
          if (!keys) throw new Error('unknown subscription');
          this.received.push({
            id,
            headers: req.headers,
            text: decryptAes128gcm(Buffer.concat(chunks), keys),
            vapid: verifyVapid(req.headers.authorization),
          });
          res.statusCode = 201;
        } catch (err) {
          res.statusCode = 400;
          res.end(String(err));
          return;
        }
        res.end();
        for (const w of this.waiters.splice(0)) w();
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.wanted, '127.0.0.1', () => resolve());
    });
    this.bound = (this.server.address() as AddressInfo).port;
  }

  /** A new subscription as a browser makes one: its endpoint here, and its public key and auth secret. */
  subscribe(id = randomBytes(8).toString('hex')): { endpoint: string; keys: { p256dh: string; auth: string } } {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.keys.set(id, { ecdh, auth });
    return {
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  /** A subscription a browser made: its private key (32 bytes) and auth secret, so its messages can be read here. */
  addSubscription(id: string, privateKey: Buffer, auth: Buffer): void {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(privateKey);
    this.keys.set(id, { ecdh, auth });
  }

  /** Resolves once `count` messages have arrived in total. */
  async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} push messages, got ${this.received.length}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 200);
      });
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
