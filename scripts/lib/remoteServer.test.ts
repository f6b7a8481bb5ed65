import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { remoteServer } from './remoteServer';

const dist = mkdtempSync(path.join(tmpdir(), 'remote-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><title>standalone</title><script defer src="./assets/main.0123456789.js"></script>',
);
writeFileSync(path.join(dist, 'assets', 'main.0123456789.js'), 'console.log(1)');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe("a remote's own server", () => {
  const app = remoteServer(dist);
  it('its standalone page cannot be framed nor run scripts from elsewhere', async () => {
    const res = await app.request('/index.html');
    expect(res.status).toBe(200);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
  });
  it('its files are readable from the shell on another origin, hashed ones cached for a year', async () => {
    const res = await app.request('/assets/main.0123456789.js', { headers: { Origin: 'https://weights.example' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    const missing = await app.request('/nothing.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });
});
