import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createAppStore } from '../state/store';
import { makeUser } from '../test/fixtures';
import { setApiNavigator, type ApiNavigator } from './navigation';
import { announceLogout, followOtherTabs } from './otherTabs';

const ada = makeUser({ id: 'ada-0000-4000-8000-000000000001' });
let navigate: Mock<ApiNavigator>;
let stop: () => void = () => {};

beforeEach(() => {
  navigate = vi.fn<ApiNavigator>();
  setApiNavigator(navigate);
});
afterEach(() => {
  stop();
  setApiNavigator(null);
});

const delivered = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('a logout in another tab', () => {
  it("signs this tab out too when it is the same person's, and takes it to sign-in", async () => {
    const tab = createAppStore({ auth: { user: ada, accessToken: 'token', persist: true } });
    stop = followOtherTabs(tab.dispatch, tab.getState);
    announceLogout(ada.id, 'another-tab');
    await delivered();
    expect(tab.getState().auth.user).toBeNull();
    expect(tab.getState().auth.accessToken).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', expect.anything());
  });

  it('leaves a tab signed in as someone else as it is', async () => {
    const grace = makeUser({ id: 'grace-000-4000-8000-000000000002' });
    const tab = createAppStore({ auth: { user: grace, accessToken: 'token', persist: true } });
    stop = followOtherTabs(tab.dispatch, tab.getState);
    announceLogout(ada.id, 'another-tab');
    await delivered();
    expect(tab.getState().auth.user).toEqual(grace);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('is not acted on by the tab that logs out, whose own logout goes on as it does', async () => {
    const tab = createAppStore({ auth: { user: ada, accessToken: 'token', persist: true } });
    stop = followOtherTabs(tab.dispatch, tab.getState);
    announceLogout(ada.id);
    await delivered();
    expect(tab.getState().auth.user).toEqual(ada);
    expect(navigate).not.toHaveBeenCalled();
  });
});
