import { describe, expect, it } from 'vitest';
import { carriedState, fromPathOf } from './navigation';

describe('fromPathOf', () => {
  it('keeps a path inside the app with its query and hash', () => {
    expect(fromPathOf({ from: '/dashboard/analytics' })).toBe('/dashboard/analytics');
    expect(fromPathOf({ from: '/dashboard/analytics?period=month#history' })).toBe('/dashboard/analytics?period=month#history');
  });

  it('refuses another origin, however it is written', () => {
    for (const from of [
      '//evil.example/',
      '/\\evil.example/',
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r/evil.example/',
      '/\t\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'dashboard',
      '',
    ])
      expect(fromPathOf({ from }), JSON.stringify(from)).toBeUndefined();
  });

  it('never leads back to the auth screens, nor takes what is not a path', () => {
    for (const from of ['/login', '/login?x=1', '/register', '/forgot-password', '/reset-password#t', '/\tlogin'])
      expect(fromPathOf({ from }), JSON.stringify(from)).toBeUndefined();
    for (const state of [null, undefined, 'text', { from: 42 }, {}]) expect(fromPathOf(state)).toBeUndefined();
  });

  it('gives back the path as the browser reads it', () => {
    expect(fromPathOf({ from: '/dash\tboard/overview' })).toBe('/dashboard/overview');
    expect(carriedState({ from: '/dashboard/settings' })).toEqual({ from: '/dashboard/settings' });
    expect(carriedState({ from: '//evil.example' })).toBeUndefined();
  });
});
