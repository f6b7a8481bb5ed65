import { describe, expect, it } from 'vitest';
import type { Deps } from '../types.js';
import { healthRoutes } from './health.js';

describe('GET /health', () => {
  const app = (ping: () => Promise<void>) => healthRoutes({ ping } as unknown as Deps);

  it('ready: 200 with status and db ok', async () => {
    const res = await app(async () => {}).request('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('not ready: 503 says status unavailable, never ok', async () => {
    const res = await app(async () => {
      throw new Error('connection refused');
    }).request('/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'unavailable', db: 'unavailable' });
  });
});
