import { expect, it } from 'vitest';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { call, describeDb, register } from '../test/harness.js';
import { DEFAULT_SESSION_CACHE_MS } from '../auth/session-cache.js';

describeDb('conditional reads and compression', (ctx) => {
  const get = (token: string, path: string, headers: Record<string, string> = {}) => call(ctx.app, 'GET', path, { token, headers });

  it('lists and averages carry an ETag; the same tag answers 304 with no body until the data changes', async () => {
    const u = await register(ctx.app);
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { date: '2025-01-06', weightKg: 80 } });
    for (const path of [
      '/api/weights?start_date=2025-01-01',
      '/api/weights/average/weekly?week_starts_on=1',
      '/api/weights/latest',
      '/api/weights/date/2025-01-06',
    ]) {
      const first = await get(u.token, path);
      expect(first.status, path).toBe(200);
      const tag = first.headers.get('ETag')!;
      expect(tag, path).toMatch(/^W\/"\d+-[\w-]+"$/);
      expect(first.headers.get('Cache-Control')).toBe('no-store');
      const again = await get(u.token, path, { 'If-None-Match': tag });
      expect(again.status, path).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('ETag')).toBe(tag);
    }
    const list = await get(u.token, '/api/weights');
    // a save, a delete, another week start: the old tag no longer matches
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { date: '2025-01-07', weightKg: 79.5 } });
    const afterSave = await get(u.token, '/api/weights', { 'If-None-Match': list.headers.get('ETag')! });
    expect(afterSave.status).toBe(200);
    expect(afterSave.body).toHaveLength(2);
    await call(ctx.app, 'DELETE', '/api/weights/date/2025-01-07', { token: u.token });
    expect((await get(u.token, '/api/weights', { 'If-None-Match': afterSave.headers.get('ETag')! })).status).toBe(200);
    const weekly = await get(u.token, '/api/weights/average/weekly');
    await call(ctx.app, 'PATCH', '/api/users/me', { token: u.token, body: { weekStartsOn: 1 } });
    const weeklyAfter = await get(u.token, '/api/weights/average/weekly', { 'If-None-Match': weekly.headers.get('ETag')! });
    expect(weeklyAfter.status).toBe(200);
    expect(weeklyAfter.body[0].start).toBe('2025-01-06');
  });

  it('a kept answer is never served once the data it came from has changed, here or through another read', async () => {
    const u = await register(ctx.app);
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { date: '2025-02-03', weightKg: 81 } });
    const first = await get(u.token, '/api/weights');
    const again = await get(u.token, '/api/weights');
    expect(again.text).toBe(first.text);
    expect(again.headers.get('ETag')).toBe(first.headers.get('ETag'));
    await call(ctx.app, 'POST', '/api/weights', { token: u.token, body: { date: '2025-02-03', weightKg: 80.5, notes: 'changed' } });
    const after = await get(u.token, '/api/weights');
    expect(after.body).toEqual([expect.objectContaining({ date: '2025-02-03', weightKg: 80.5, notes: 'changed' })]);
    // a change made straight in the database moves the version too: read once the kept session has expired
    await ctx.db.execute(sql`update weight_entries set weight_kg = 79 where user_id = ${u.user.id}`);
    ctx.clock.advance(DEFAULT_SESSION_CACHE_MS);
    expect((await get(u.token, '/api/weights')).body[0].weightKg).toBe(79);
  });

  it("one user's tag never matches another user's read", async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    const tag = (await get(a.token, '/api/weights')).headers.get('ETag')!;
    const other = await get(b.token, '/api/weights', { 'If-None-Match': tag });
    expect(other.status).toBe(200);
    expect(other.body).toEqual([]);
  });

  it('large JSON answers are compressed with brotli or gzip as accepted; small ones and refusals are not', async () => {
    const u = await register(ctx.app);
    for (let day = 1; day <= 60; day++) {
      const date = `2025-${String(Math.ceil(day / 28)).padStart(2, '0')}-${String(((day - 1) % 28) + 1).padStart(2, '0')}`;
      await call(ctx.app, 'POST', '/api/weights', {
        token: u.token,
        body: { date, weightKg: 80 + day / 10, notes: 'a note of some length' },
      });
    }
    const plain = await get(u.token, '/api/weights');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.text.length).toBeGreaterThan(1024);
    const raw = async (encoding: string) => {
      const res = await ctx.app.request('/api/weights', { headers: { Authorization: `Bearer ${u.token}`, 'Accept-Encoding': encoding } });
      return { res, bytes: Buffer.from(await res.arrayBuffer()) };
    };
    const br = await raw('gzip, deflate, br');
    expect(br.res.headers.get('Content-Encoding')).toBe('br');
    expect(br.res.headers.get('Vary')).toContain('Accept-Encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(plain.body);
    expect(br.bytes.length).toBeLessThan(plain.text.length / 3);
    const gz = await raw('gzip');
    expect(gz.res.headers.get('Content-Encoding')).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.bytes).toString('utf8'))).toEqual(plain.body);
    expect((await raw('br;q=0, gzip;q=0')).res.headers.get('Content-Encoding')).toBeNull();
    const small = await ctx.app.request('/api/weights?start_date=2025-01-01&end_date=2025-01-01', {
      headers: { Authorization: `Bearer ${u.token}`, 'Accept-Encoding': 'br' },
    });
    expect(small.headers.get('Content-Encoding')).toBeNull();
  });
});
