// A small HTTPS client for the drills: keep-alive connections to nginx, trusting the run's certificate only.
import { Agent, request } from 'node:https';
import { readFileSync } from 'node:fs';

export type Answer = { status: number; body: string; headers: Record<string, string | string[] | undefined> };

export function httpsClient(base: string, certFile: string, maxSockets = 64) {
  const agent = new Agent({ ca: readFileSync(certFile), keepAlive: true, maxSockets });
  const url = new URL(base);
  const call = (method: string, path: string, o: { token?: string; body?: unknown } = {}): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const body = o.body === undefined ? undefined : JSON.stringify(o.body);
      const req = request(
        {
          agent,
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: {
            origin: base,
            ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
            ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          },
          timeout: 20_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), headers: res.headers }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      req.end(body);
    });
  return { call, close: () => agent.destroy() };
}

export type Client = ReturnType<typeof httpsClient>;

export async function registerUser(client: Client, tag: string) {
  const email = `${tag}-${crypto.randomUUID()}@example.com`;
  const r = await client.call('POST', '/api/auth/register', {
    body: { firstName: 'Drill', lastName: tag, email, password: `pw-${crypto.randomUUID()}` },
  });
  if (r.status !== 201) throw new Error(`register answered ${r.status}: ${r.body}`);
  return { email, token: (JSON.parse(r.body) as { accessToken: string }).accessToken };
}

/** yyyy-MM-dd, `n` days before 2026-11-01. */
export function dayBefore(n: number): string {
  return new Date(Date.UTC(2026, 10, 1) - n * 86_400_000).toISOString().slice(0, 10);
}
