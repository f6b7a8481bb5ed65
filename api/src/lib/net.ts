import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';

/** Where a reverse proxy of ours may run; what TRUST_PROXY=true means. */
export const LOOPBACK = ['127.0.0.0/8', '::1/128'];

/** Which peers may speak for the client through X-Forwarded-* headers. */
export type ProxyTrust = {
  /** Addresses or CIDR ranges of our proxies; empty trusts nobody. */
  trustedProxies: readonly string[];
  /** When set, a trusted peer must also send it in X-Proxy-Secret (other local processes cannot forge it). */
  proxySecret?: string;
};

type NodeEnv = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

const lists = new WeakMap<readonly string[], BlockList>();

function blockList(entries: readonly string[]): BlockList {
  let list = lists.get(entries);
  if (!list) {
    list = new BlockList();
    for (const entry of entries) {
      const [address, prefix] = entry.split('/');
      const type = isIP(address!) === 6 ? 'ipv6' : 'ipv4';
      if (prefix !== undefined) list.addSubnet(address!, Number(prefix), type);
      else list.addAddress(address!, type);
    }
    lists.set(entries, list);
  }
  return list;
}

/** `::ffff:10.0.0.1` is the IPv4 address 10.0.0.1 seen through an IPv6 socket. */
const unmapped = (ip: string) => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

function isTrusted(ip: string, trust: ProxyTrust): boolean {
  const address = unmapped(ip);
  const family = isIP(address);
  if (!family || trust.trustedProxies.length === 0) return false;
  return blockList(trust.trustedProxies).check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** A TRUST_PROXY entry is an IP address or a CIDR range. */
export function isAddressOrRange(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address ?? '');
  if (!family) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32);
}

const peerAddress = (c: Context) => (c.env as NodeEnv)?.incoming?.socket?.remoteAddress;

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Forwarded headers count only when the peer is one of our proxies (and knows the secret, when one is set). */
function fromTrustedProxy(c: Context, trust: ProxyTrust): boolean {
  const peer = peerAddress(c);
  if (!peer || !isTrusted(peer, trust)) return false;
  return trust.proxySecret === undefined || sameSecret(c.req.header('X-Proxy-Secret'), trust.proxySecret);
}

/**
 * The client's IP for rate limits: the socket peer, unless that peer is a trusted proxy; then X-Forwarded-For is
 * read from the right (each proxy appends the address it saw) and the first hop that is not a trusted proxy is
 * the client. Hops further left were written by the client and prove nothing.
 */
export function clientIp(c: Context, trust: ProxyTrust): string {
  const peer = peerAddress(c) ?? 'unknown';
  if (!fromTrustedProxy(c, trust)) return unmapped(peer);
  const hops = (c.req.header('X-Forwarded-For') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrusted(hops[i]!, trust)) return unmapped(hops[i]!).slice(0, 64);
  }
  return unmapped(hops[0] ?? peer).slice(0, 64);
}

/** Request scheme: X-Forwarded-Proto only from a trusted proxy, else the URL's. */
export function requestScheme(c: Context, trust: ProxyTrust): 'http' | 'https' {
  if (fromTrustedProxy(c, trust)) {
    const p = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase();
    if (p === 'https' || p === 'http') return p;
  }
  try {
    return new URL(c.req.url).protocol === 'https:' ? 'https' : 'http';
  } catch {
    return 'http';
  }
}

/** Host names this request was addressed to (Host, and X-Forwarded-Host from a trusted proxy). */
export function requestHosts(c: Context, trust: ProxyTrust): string[] {
  const hosts: string[] = [];
  const host = c.req.header('Host');
  if (host) hosts.push(host.toLowerCase());
  try {
    hosts.push(new URL(c.req.url).host.toLowerCase());
  } catch {
    /* ignore */
  }
  if (fromTrustedProxy(c, trust)) {
    const fh = c.req.header('X-Forwarded-Host')?.split(',')[0]?.trim().toLowerCase();
    if (fh) hosts.push(fh);
  }
  return hosts;
}
