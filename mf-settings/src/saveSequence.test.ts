import { describe, expect, it, vi } from 'vitest';
import { failureStatus, runSaveSequence, SAVE_TOASTS, whileCurrent, type SaveApi, type SaveOutcome } from './saveSequence';
import { makeGoal, makeUser } from './testData';

const rejectWith =
  (status: number, details: Array<{ field: string; issue: string }> = [], message = 'Failed') =>
  () =>
    Promise.reject({ status, data: { error: { message, details } } });

function fakeApi(overrides: Partial<SaveApi> = {}): SaveApi {
  return {
    uploadAvatar: vi.fn(async () => makeUser({ avatarUrl: '/api/avatars/new' })),
    deleteAvatar: vi.fn(async () => undefined),
    updateMe: vi.fn(async () => makeUser({ firstName: 'Grace' })),
    updateGoal: vi.fn(async () => makeGoal()),
    getMe: vi.fn(async () => makeUser({ firstName: 'Grace', avatarUrl: '/api/avatars/new' })),
    ...overrides,
  };
}

const file = new File(['x'], 'a.png', { type: 'image/png' });
const fullPlan = { avatar: { kind: 'upload', file } as const, profile: { firstName: 'Grace' }, goal: { targetDate: '2025-09-01' } };

type Failure = Extract<SaveOutcome, { ok: false }>;

describe('runSaveSequence', () => {
  it('runs avatar, profile, goal and reload in order', async () => {
    const order: string[] = [];
    const api = fakeApi();
    for (const key of Object.keys(api) as Array<keyof SaveApi>) {
      const inner = api[key] as (...args: unknown[]) => Promise<unknown>;
      (api as unknown as Record<string, unknown>)[key] = (...args: unknown[]) => (order.push(key), inner(...args));
    }
    const outcome = await runSaveSequence(fullPlan, api);
    expect(order).toEqual(['uploadAvatar', 'updateMe', 'updateGoal', 'getMe']);
    expect(outcome.ok).toBe(true);
    expect(outcome.saved).toEqual(['avatar', 'profile', 'goal']);
  });

  it('skips steps with nothing to do but always reloads the user', async () => {
    const api = fakeApi();
    const outcome = await runSaveSequence({ avatar: { kind: 'remove' }, profile: null, goal: null }, api);
    expect(api.deleteAvatar).toHaveBeenCalledOnce();
    expect(api.updateMe).not.toHaveBeenCalled();
    expect(api.updateGoal).not.toHaveBeenCalled();
    expect(api.getMe).toHaveBeenCalledOnce();
    expect(outcome.results.avatar).toEqual({ user: null });
  });

  it('stops at a failed avatar upload with its toast and sends nothing else', async () => {
    const api = fakeApi({ uploadAvatar: rejectWith(415, [{ field: 'avatar', issue: 'Use a JPEG, PNG or WebP image' }]) });
    const outcome = (await runSaveSequence(fullPlan, api)) as Failure;
    expect(outcome).toMatchObject({
      ok: false,
      failed: 'avatar',
      toast: SAVE_TOASTS.avatarUpload,
      saved: [],
      notSent: ['profile', 'goal'],
    });
    expect(outcome.error.fieldErrors).toEqual({ avatar: 'Use a JPEG, PNG or WebP image' });
    expect(api.updateMe).not.toHaveBeenCalled();
    expect(failureStatus(outcome)).toBe(
      'Your avatar was not saved (your profile and goal were not sent yet): fix the highlighted fields and save again.',
    );
  });

  it('reports a failed avatar delete with its own toast', async () => {
    const api = fakeApi({ deleteAvatar: rejectWith(500, [], 'Internal error') });
    const outcome = (await runSaveSequence({ avatar: { kind: 'remove' }, profile: null, goal: null }, api)) as Failure;
    expect(outcome.toast).toBe(SAVE_TOASTS.avatarDelete);
    expect(failureStatus(outcome)).toBe('Your avatar was not saved (Internal error): try saving again.');
  });

  it('keeps the avatar result when the profile fails', async () => {
    const api = fakeApi({ updateMe: rejectWith(422, [{ field: 'email', issue: 'Email has already been taken' }]) });
    const outcome = (await runSaveSequence(fullPlan, api)) as Failure;
    expect(outcome).toMatchObject({ failed: 'profile', toast: SAVE_TOASTS.failed, saved: ['avatar'] });
    expect(outcome.results.avatar?.user?.avatarUrl).toBe('/api/avatars/new');
    expect(outcome.error.fieldErrors).toEqual({ email: 'Email has already been taken' });
    expect(failureStatus(outcome)).toBe(
      'Your avatar was saved; your profile was not (your goal was not sent yet): fix the highlighted fields and save again.',
    );
  });

  it('reports the goal failure after avatar and profile were saved', async () => {
    const api = fakeApi({ updateGoal: rejectWith(422, [{ field: 'targetDate', issue: 'Target date is required' }]) });
    const outcome = (await runSaveSequence(fullPlan, api)) as Failure;
    expect(outcome.saved).toEqual(['avatar', 'profile']);
    expect(outcome.results.profile?.firstName).toBe('Grace');
    expect(failureStatus(outcome)).toBe(
      'Your avatar and profile were saved; your goal was not: fix the highlighted fields and save again.',
    );
  });

  it('reports a failed reload after everything was saved', async () => {
    const api = fakeApi({ getMe: rejectWith(500, [], 'Internal error') });
    const outcome = (await runSaveSequence(fullPlan, api)) as Failure;
    expect(outcome).toMatchObject({ failed: 'reload', toast: SAVE_TOASTS.failed, saved: ['avatar', 'profile', 'goal'] });
    expect(failureStatus(outcome)).toBe(
      'Your avatar, profile and goal were saved, but reloading your profile failed (Internal error): reload the page to see them.',
    );
  });
});

describe('whileCurrent', () => {
  it('sends no call once someone else has signed in: the sequence stops there', async () => {
    const user = makeUser();
    const goal = makeGoal();
    let current = true;
    const sent: string[] = [];
    const api = {
      uploadAvatar: async () => (sent.push('avatar'), (current = false), user),
      deleteAvatar: async () => void sent.push('delete'),
      updateMe: async () => (sent.push('profile'), user),
      updateGoal: async () => (sent.push('goal'), goal),
      getMe: async () => (sent.push('reload'), user),
    } as unknown as SaveApi;
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    const outcome = await runSaveSequence(
      { avatar: { kind: 'upload', file }, profile: { firstName: 'Ada' }, goal: null },
      whileCurrent(api, () => current),
    );
    expect(sent).toEqual(['avatar']);
    expect(outcome).toMatchObject({ ok: false, failed: 'profile', saved: ['avatar'] });
  });
});
