import type { Context } from 'hono';

type NodeEnv = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

/** Client IP: the socket address, or (only when TRUST_PROXY) the LAST X-Forwarded-For hop, set by our proxy. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = c.req.header('X-Forwarded-For');
    if (xff) {
      const hops = xff
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const last = hops[hops.length - 1];
      if (last) return last.slice(0, 64);
    }
  }
  const env = c.env as NodeEnv;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Request scheme: X-Forwarded-Proto only when TRUST_PROXY, else the URL's. */
export function requestScheme(c: Context, trustProxy: boolean): 'http' | 'https' {
  if (trustProxy) {
    const p = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase();
    if (p === 'https' || p === 'http') return p;
  }
  try {
    return new URL(c.req.url).protocol === 'https:' ? 'https' : 'http';
  } catch {
    return 'http';
  }
}

/** Host names this request was addressed to (Host, and X-Forwarded-Host when TRUST_PROXY). */
export function requestHosts(c: Context, trustProxy: boolean): string[] {
  const hosts: string[] = [];
  const host = c.req.header('Host');
  if (host) hosts.push(host.toLowerCase());
  try {
    hosts.push(new URL(c.req.url).host.toLowerCase());
  } catch {
    /* ignore */
  }
  if (trustProxy) {
    const fh = c.req.header('X-Forwarded-Host')?.split(',')[0]?.trim().toLowerCase();
    if (fh) hosts.push(fh);
  }
  return hosts;
}
