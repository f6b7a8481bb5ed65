import { BlockList, isIP } from 'node:net';

/** Where a reverse proxy of ours may run; what `true` and `loopback` mean in a list of trusted proxies. */
export const LOOPBACK = ['127.0.0.0/8', '::1/128'];

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
export const unmapped = (ip: string): string => (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip);

/** Whether `ip` is one of `proxies` (addresses and CIDR ranges); an empty list trusts nobody. */
export function isTrustedProxy(ip: string, proxies: readonly string[]): boolean {
  const address = unmapped(ip);
  const family = isIP(address);
  if (!family || proxies.length === 0) return false;
  return blockList(proxies).check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** An entry of a trusted-proxy list is an IP address or a CIDR range. */
export function isAddressOrRange(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address ?? '');
  if (!family) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32);
}

/**
 * A trusted-proxy setting: `false` (nobody, also when empty), `true` or `loopback`, or a comma-separated list of
 * addresses and CIDR ranges (`loopback` among them allowed). Throws naming the entries that are neither.
 */
export function parseTrustedProxies(value: string, variable: string): readonly string[] {
  const v = value.trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0' || v === 'no') return [];
  if (v === 'true' || v === '1' || v === 'yes' || v === 'loopback') return LOOPBACK;
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => e !== 'loopback' && !isAddressOrRange(e));
  if (bad.length) throw new Error(`${variable}: not an address or CIDR range: ${bad.join(', ')}`);
  return entries.flatMap((e) => (e === 'loopback' ? LOOPBACK : [e]));
}

/**
 * The client behind a trusted proxy: X-Forwarded-For read from the right (each proxy appends the address it saw),
 * the first hop that is not a trusted proxy. Hops further left were written by the client and prove nothing.
 * The caller has checked that the peer itself is trusted.
 */
export function forwardedClient(forwardedFor: string | undefined, peer: string, proxies: readonly string[]): string {
  const hops = (forwardedFor ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!isTrustedProxy(hops[i]!, proxies)) return unmapped(hops[i]!).slice(0, 64);
  }
  return unmapped(hops[0] ?? peer).slice(0, 64);
}
