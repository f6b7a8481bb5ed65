import { describe, expect, it } from 'vitest';
import { screenForPath } from './remoteRoutes';

describe('screenForPath', () => {
  it('names the remote screen a page load will need first', () => {
    expect(screenForPath('/dashboard/analytics')).toBe('mf_analytics/Analytics');
    expect(screenForPath('/dashboard/analytics/')).toBe('mf_analytics/Analytics');
    expect(screenForPath('/dashboard')).toBe('mf_overview/Overview');
    expect(screenForPath('/login')).toBe('mf_auth/Login');
    expect(screenForPath('/')).toBeUndefined();
    expect(screenForPath('/nowhere')).toBeUndefined();
  });
});
