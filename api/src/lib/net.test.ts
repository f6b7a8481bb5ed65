import { Hono } from 'hono';
import { expect, it } from 'vitest';
import { parseTrustProxy } from '../config.js';
import { clientIp, limitedNetwork, LOOPBACK, requestHosts, requestScheme, type ProxyTrust } from './net.js';

async function seen(trust: ProxyTrust, peer: string, headers: Record<string, string> = {}) {
  const app = new Hono();
  app.get('/', (c) => c.json({ ip: clientIp(c, trust), scheme: requestScheme(c, trust), hosts: requestHosts(c, trust) }));
  const res = await app.request('http://api.local/', { headers }, { incoming: { socket: { remoteAddress: peer } } });
  return (await res.json()) as { ip: string; scheme: string; hosts: string[] };
}

const nginxAndShell: ProxyTrust = { trustedProxies: ['10.1.0.0/16', ...LOOPBACK] };

it('trusts nobody by default: the socket peer is the client', async () => {
  const r = await seen({ trustedProxies: [] }, '192.0.2.1', {
    'X-Forwarded-For': '1.2.3.4',
    'X-Forwarded-Proto': 'https',
    'X-Forwarded-Host': 'evil.example',
  });
  expect(r).toMatchObject({ ip: '192.0.2.1', scheme: 'http' });
  expect(r.hosts).not.toContain('evil.example');
});

it('takes the right-most hop that is not a trusted proxy', async () => {
  expect((await seen(nginxAndShell, '127.0.0.1', { 'X-Forwarded-For': '6.6.6.6, 198.51.100.7, 10.1.2.3' })).ip).toBe('198.51.100.7');
  expect((await seen(nginxAndShell, '::ffff:127.0.0.1', { 'X-Forwarded-For': '198.51.100.8' })).ip).toBe('198.51.100.8');
  // every hop is one of ours: the left-most is as close to the client as we can get
  expect((await seen(nginxAndShell, '127.0.0.1', { 'X-Forwarded-For': '10.1.0.9, 127.0.0.1' })).ip).toBe('10.1.0.9');
  // no header at all: the proxy itself
  expect((await seen(nginxAndShell, '::1')).ip).toBe('::1');
});

it('believes forwarded headers only from a configured proxy', async () => {
  const forged = { 'X-Forwarded-For': '1.2.3.4', 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'app.example' };
  const outsider = await seen(nginxAndShell, '203.0.113.9', forged);
  expect(outsider).toMatchObject({ ip: '203.0.113.9', scheme: 'http' });
  expect(outsider.hosts).not.toContain('app.example');
  const ours = await seen(nginxAndShell, '10.1.44.5', forged);
  expect(ours).toMatchObject({ ip: '1.2.3.4', scheme: 'https' });
  expect(ours.hosts).toContain('app.example');
});

it('with a proxy secret, a trusted address must also know it', async () => {
  const trust = { trustedProxies: LOOPBACK, proxySecret: 'a-secret-of-20-chars' };
  expect((await seen(trust, '127.0.0.1', { 'X-Forwarded-For': '1.2.3.4' })).ip).toBe('127.0.0.1');
  expect((await seen(trust, '127.0.0.1', { 'X-Forwarded-For': '1.2.3.4', 'X-Proxy-Secret': 'a-secret-of-20-charX' })).ip).toBe('127.0.0.1');
  expect((await seen(trust, '127.0.0.1', { 'X-Forwarded-For': '1.2.3.4', 'X-Proxy-Secret': 'a-secret-of-20-chars' })).ip).toBe('1.2.3.4');
});

it('reads TRUST_PROXY as off, loopback, or a list of addresses and ranges', () => {
  expect(parseTrustProxy('')).toEqual([]);
  expect(parseTrustProxy('false')).toEqual([]);
  expect(parseTrustProxy('true')).toEqual(LOOPBACK);
  expect(parseTrustProxy('10.0.0.0/8, loopback, fd00::1')).toEqual(['10.0.0.0/8', ...LOOPBACK, 'fd00::1']);
  expect(() => parseTrustProxy('10.0.0.0/33')).toThrow(/10\.0\.0\.0\/33/);
  expect(() => parseTrustProxy('proxy.example')).toThrow(/proxy\.example/);
});

it('per-address limits count an IPv6 client by its /64, an IPv4 client by its address', () => {
  expect(limitedNetwork('198.51.100.7')).toBe('198.51.100.7');
  for (const ip of [
    '2001:db8:1:2::1',
    '2001:db8:1:2:ffff:ffff:ffff:ffff',
    '2001:0db8:0001:0002:0:0:0:9',
    'fe80::1%eth0'.replace('fe80::', '2001:db8:1:2::'),
  ])
    expect(limitedNetwork(ip), ip).toBe('2001:db8:1:2::/64');
  expect(limitedNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  expect(limitedNetwork('::1')).toBe('0:0:0:0::/64');
  expect(limitedNetwork('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  expect(limitedNetwork('unknown')).toBe('unknown');
  // an IPv4 client spelled as IPv6 is that IPv4 client, not everyone's ::/64
  for (const ip of ['::ffff:102:304', '0:0:0:0:0:ffff:1.2.3.4', '::FFFF:0102:0304']) expect(limitedNetwork(ip), ip).toBe('1.2.3.4');
});
