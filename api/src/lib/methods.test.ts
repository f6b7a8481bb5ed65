import { describe, expect, it } from 'vitest';
import { allowedMethods } from './methods.js';
import { call, describeDb } from '../test/harness.js';

describe('allowedMethods', () => {
  const allowed = allowedMethods([
    { method: 'ALL', path: '*' },
    { method: 'ALL', path: '/api/*' },
    { method: 'GET', path: '/api/weights' },
    { method: 'POST', path: '/api/weights' },
    { method: 'GET', path: '/api/weights/date/:date' },
    { method: 'DELETE', path: '/api/weights/date/:date' },
    { method: 'POST', path: '/api/imports/:id/commit' },
  ]);

  it('names the methods of a path, HEAD with GET', () => {
    expect(allowed('/api/weights')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowed('/api/weights/date/2024-01-31')).toEqual(['DELETE', 'GET', 'HEAD']);
    expect(allowed('/api/imports/abc/commit')).toEqual(['POST']);
  });

  it('names none for a path no route has; middleware is not a route', () => {
    expect(allowed('/api/nothing')).toEqual([]);
    expect(allowed('/api/weights/date/2024-01-31/extra')).toEqual([]);
    expect(allowed('/api/imports/commit')).toEqual([]);
    expect(allowed('/api.weights')).toEqual([]);
  });

  it('names none for a path with a trailing slash: the router is strict, so it is no path of the route', () => {
    expect(allowed('/api/weights/')).toEqual([]);
    expect(allowed('/api/weights/date/2024-01-31/')).toEqual([]);
    expect(allowed('/api/imports/abc/commit/')).toEqual([]);
  });
});

describeDb('a trailing slash', (ctx) => {
  it('is no path of the route without it: 404 like any unknown path, not a 405 naming the method asked', async () => {
    for (const path of ['/api/weights/', '/api/users/me/', '/api/goals/', '/api/health/']) {
      const res = await call(ctx.app, 'GET', path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('Allow'), path).toBeNull();
    }
    expect((await call(ctx.app, 'PUT', '/api/weights')).status).toBe(405);
  });
});
