import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { forwardedClient, isTrustedProxy, unmapped } from '@app/server-kit';
import type { Context } from 'hono';

export { isAddressOrRange, LOOPBACK } from '@app/server-kit';

/** Which peers may speak for the client through X-Forwarded-* headers. */
export type ProxyTrust = {
  /** Addresses or CIDR ranges of our proxies; empty trusts nobody. */
  trustedProxies: readonly string[];
  /** When set, a trusted peer must also send it in X-Proxy-Secret (other local processes cannot forge it). */
  proxySecret?: string;
};

type NodeEnv = { incoming?: { socket?: { remoteAddress?: string } } } | undefined;

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
  if (!peer || !isTrustedProxy(peer, trust.trustedProxies)) return false;
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
  return forwardedClient(c.req.header('X-Forwarded-For'), peer, trust.trustedProxies);
}

/** The eight 16-bit groups of an IPv6 address (`::` filled in, an IPv4 tail as two groups); null for IPv4. */
function ipv6Groups(ip: string): number[] | null {
  let address = ip.split('%')[0]!;
  if (isIP(address) !== 6) return null;
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    address = `${address.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = address.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  if (tail === undefined) return left;
  const right = groups(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * Whom a per-address limit counts for an address: an IPv4 address itself, an IPv6 address by its /64. One subscriber
 * is given a whole /64 and could take a new address of it for every attempt.
 */
export function limitedNetwork(ip: string): string {
  const groups = ipv6Groups(ip);
  if (!groups) return ip;
  // an IPv4 address however an IPv6 socket or proxy spells it (::ffff:102:304, 0:0:0:0:0:ffff:1.2.3.4) is itself
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  const prefix = groups.slice(0, 4).map((g) => g.toString(16));
  return `${prefix.join(':')}::/64`;
}

/** The client's address as per-address limits count it (limitedNetwork of clientIp). */
export function clientNetwork(c: Context, trust: ProxyTrust): string {
  return limitedNetwork(clientIp(c, trust));
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
