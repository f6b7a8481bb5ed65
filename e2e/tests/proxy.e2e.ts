// Uploads the API refuses early, sent through the shell the way nginx and curl send them (Connection: close,
// with and without chunking): the client must see the API's own answer, never a proxy failure.
import { describe, expect, it } from 'vitest';
import { multipartFile, upload, type UploadResult } from '@app/server-kit/testing';
import { BASE_URL } from '../lib/ports';
import { createUser } from '../lib/user';

function expectApiError(r: UploadResult, status: number) {
  expect(r).toMatchObject({ status });
  if (!('status' in r)) return;
  expect(r.headers['content-type']).toBe('application/json; charset=UTF-8');
  expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const body = JSON.parse(r.body) as { error: { message: string; details: unknown[]; requestId: string } };
  expect(body.error).toMatchObject({ message: expect.any(String), details: expect.any(Array), requestId: r.headers['x-request-id'] });
}

describe('early refusals through the shell', async () => {
  const user = await createUser();
  const bearer = { authorization: `Bearer ${user.accessToken}` };
  const json = Buffer.from(JSON.stringify({ weightKg: 80, date: '2026-01-01', notes: 'x'.repeat(1024 * 1024 + 10) }));
  const avatar = multipartFile('avatar', 'big.png', 'image/png', Buffer.alloc(3 * 1024 * 1024, 1));
  const csv = multipartFile('file', 'big.csv', 'text/csv', Buffer.from('date,weight\n' + '2020-01-01,80.0\n'.repeat(350_000)));

  for (const chunked of [false, true]) {
    const how = chunked ? 'chunked' : 'with Content-Length';
    const send = (path: string, body: Buffer, headers: Record<string, string>) =>
      upload(`${BASE_URL}/api${path}`, body, { chunked, connection: 'close', headers });

    it(`JSON over 1 MiB → 413 (${how})`, async () => {
      expectApiError(await send('/weights', json, { ...bearer, 'content-type': 'application/json' }), 413);
    });
    it(`a 3 MiB avatar → 413 (${how})`, async () => {
      expectApiError(await send('/users/me/avatar', avatar.body, { ...bearer, 'content-type': avatar.contentType }), 413);
    });
    it(`a 5.3 MiB CSV → 413 (${how})`, async () => {
      expect(csv.body.length).toBeGreaterThan(5.2 * 1024 * 1024);
      expectApiError(await send('/imports', csv.body, { ...bearer, 'content-type': csv.contentType }), 413);
    });
    it(`an upload with an invalid bearer → 403 (${how})`, async () => {
      const headers = { authorization: 'Bearer not-a-token', 'content-type': csv.contentType };
      expectApiError(await send('/imports', csv.body, headers), 403);
    });
    it(`an upload with no bearer → 401 (${how})`, async () => {
      expectApiError(await send('/users/me/avatar', avatar.body, { 'content-type': avatar.contentType }), 401);
    });
  }

  it('a normal save still goes through with Connection: close', async () => {
    const body = Buffer.from(JSON.stringify({ weightKg: 80.4, date: '2026-01-02' }));
    const r = await upload(`${BASE_URL}/api/weights`, body, {
      connection: 'close',
      headers: { ...bearer, 'content-type': 'application/json' },
    });
    expect(r).toMatchObject({ status: 201 });
  });
});
