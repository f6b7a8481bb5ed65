import { describe, expect, it } from 'vitest';
import { allowedMethods } from './methods.js';

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
});
