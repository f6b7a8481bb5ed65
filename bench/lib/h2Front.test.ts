import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:http2';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startH2Front, type H2Front } from './h2Front';

// A real nginx in front of a real server: the Slow 3G loads over HTTP/2 are only as good as this front. `npm test` on a
// machine without Debian's nginx leaves it out; CI installs nginx and runs it.
const nginxHere = ['/usr/sbin/nginx', '/usr/bin/nginx'].some((f) => existsSync(f));

describe.skipIf(!nginxHere && !process.env.CI)('the HTTP/2 front of the Slow 3G loads', () => {
  let upstream: Server;
  let front: H2Front;
  let port: number;

  beforeAll(async () => {
    upstream = createServer((req, res) => res.end(`page ${req.url} for ${req.headers.host}`));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    // a port free now, for nginx to listen on
    const probe = createNetServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    front = await startH2Front([(upstream.address() as AddressInfo).port], port);
  });

  afterAll(async () => {
    await front?.stop();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('serves the upstream over TLS and HTTP/2, with the Host the browser asked for', async () => {
    expect(front.origins).toEqual([`https://localhost:${port}`]);
    expect(front.spki).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const session = connect(front.origins[0]!, { ca: readFileSync(front.certFile, 'utf8') });
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const req = session.request({ ':path': '/dashboard/overview' });
        let text = '';
        req.setEncoding('utf8');
        req.on('data', (d: string) => (text += d));
        req.on('end', () => resolve(text));
        req.on('error', reject);
      });
      expect(session.alpnProtocol).toBe('h2');
      expect(body).toBe(`page /dashboard/overview for localhost:${port}`);
    } finally {
      session.close();
    }
  });
});
