import { parseApiError, type Goal, type ParsedApiError, type UpdateGoalRequest, type User } from '@app/kit';
import type { ProfilePatch } from './settingsForm';

export type SaveStep = 'avatar' | 'profile' | 'goal' | 'reload';

/** What to do with the avatar on Save: nothing, upload the chosen file, or remove the current one. */
export type AvatarChoice = { kind: 'keep' } | { kind: 'upload'; file: File } | { kind: 'remove' };

export interface SavePlan {
  avatar: AvatarChoice;
  profile: ProfilePatch | null;
  goal: UpdateGoalRequest | null;
}

/** The calls the sequence makes; each resolves with the server's answer or rejects with the call's error. */
export interface SaveApi {
  uploadAvatar(file: File): Promise<User>;
  deleteAvatar(): Promise<void>;
  updateMe(patch: ProfilePatch): Promise<User>;
  updateGoal(patch: UpdateGoalRequest): Promise<Goal>;
  getMe(): Promise<User>;
}

/**
 * The same calls, each refused unsent once `current()` is false: a save started by one person never sends its later
 * calls under the token of someone who signed in on the page meanwhile.
 */
export function whileCurrent(api: SaveApi, current: () => boolean): SaveApi {
  const guard =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      current() ? call(...args) : Promise.reject(new Error('Someone else has signed in on this page'));
  return {
    uploadAvatar: guard(api.uploadAvatar),
    deleteAvatar: guard(api.deleteAvatar),
    updateMe: guard(api.updateMe),
    updateGoal: guard(api.updateGoal),
    getMe: guard(api.getMe),
  };
}

/** What the server now holds after the steps that succeeded; the caller makes these the new baseline. */
export interface SavedResults {
  /** The user after the avatar step (upload answers with it; a delete leaves avatarUrl null). */
  avatar?: { user: User | null };
  profile?: User;
  goal?: Goal;
  reload?: User;
}

export type SaveOutcome =
  | { ok: true; user: User; saved: SaveStep[]; results: SavedResults }
  | {
      ok: false;
      failed: SaveStep;
      error: ParsedApiError;
      toast: string;
      saved: SaveStep[];
      /** Planned steps after the failed one, never sent. */
      notSent: SaveStep[];
      results: SavedResults;
    };

export const SAVE_TOASTS = {
  success: 'Saved changes successfully',
  failed: 'Failed to update personal info',
  avatarUpload: 'Failed to upload avatar image',
  avatarDelete: 'Failed to delete avatar image',
} as const;

/**
 * The settings save sequence: avatar upload or delete, profile update, goal update, then the user
 * reloaded. Steps with nothing to do are skipped; the first failure stops the sequence and names the step,
 * and what succeeded before it is reported so nothing saved is redone on the next Save.
 */
export async function runSaveSequence(plan: SavePlan, api: SaveApi): Promise<SaveOutcome> {
  const saved: SaveStep[] = [];
  const results: SavedResults = {};
  const planned: SaveStep[] = [
    ...(plan.avatar.kind !== 'keep' ? (['avatar'] as const) : []),
    ...(plan.profile ? (['profile'] as const) : []),
    ...(plan.goal ? (['goal'] as const) : []),
  ];
  const fail = (failed: SaveStep, error: unknown, toast: string): SaveOutcome => ({
    ok: false,
    failed,
    error: parseApiError(error),
    toast,
    saved,
    notSent: failed === 'reload' ? [] : planned.slice(planned.indexOf(failed) + 1),
    results,
  });

  if (plan.avatar.kind === 'upload') {
    try {
      results.avatar = { user: await api.uploadAvatar(plan.avatar.file) };
      saved.push('avatar');
    } catch (error) {
      return fail('avatar', error, SAVE_TOASTS.avatarUpload);
    }
  } else if (plan.avatar.kind === 'remove') {
    try {
      await api.deleteAvatar();
      results.avatar = { user: null };
      saved.push('avatar');
    } catch (error) {
      return fail('avatar', error, SAVE_TOASTS.avatarDelete);
    }
  }

  if (plan.profile) {
    try {
      results.profile = await api.updateMe(plan.profile);
      saved.push('profile');
    } catch (error) {
      return fail('profile', error, SAVE_TOASTS.failed);
    }
  }

  if (plan.goal) {
    try {
      results.goal = await api.updateGoal(plan.goal);
      saved.push('goal');
    } catch (error) {
      return fail('goal', error, SAVE_TOASTS.failed);
    }
  }

  try {
    results.reload = await api.getMe();
  } catch (error) {
    return fail('reload', error, SAVE_TOASTS.failed);
  }
  return { ok: true, user: results.reload, saved, results };
}

const STEP_NAMES: Record<Exclude<SaveStep, 'reload'>, string> = { avatar: 'avatar', profile: 'profile', goal: 'goal' };

function list(names: string[]): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The status line after a failed save: which part failed and which were already saved (so the
 * multi-request sequence reports exactly which step failed).
 */
export function failureStatus(outcome: Extract<SaveOutcome, { ok: false }>): string {
  const savedNames = outcome.saved.filter((s): s is Exclude<SaveStep, 'reload'> => s !== 'reload').map((s) => STEP_NAMES[s]);
  const savedPart = savedNames.length ? `Your ${list(savedNames)} ${savedNames.length > 1 ? 'were' : 'was'} saved` : '';
  const hasFieldErrors = Object.keys(outcome.error.fieldErrors).length > 0;
  const fix = hasFieldErrors ? 'fix the highlighted fields and save again' : 'try saving again';
  const reason = outcome.error.general ? ` (${outcome.error.general})` : '';

  if (outcome.failed === 'reload') {
    const base = savedPart ? `${savedPart}, but` : 'Your changes were saved, but';
    return `${base} reloading your profile failed${reason}: reload the page to see them.`;
  }
  const failedName = STEP_NAMES[outcome.failed];
  const notSent = outcome.notSent.filter((s): s is Exclude<SaveStep, 'reload'> => s !== 'reload').map((s) => STEP_NAMES[s]);
  const notSentPart = notSent.length ? ` (your ${list(notSent)} ${notSent.length > 1 ? 'were' : 'was'} not sent yet)` : '';
  if (!savedPart) return `Your ${failedName} was not saved${reason}${notSentPart}: ${fix}.`;
  return `${savedPart}; your ${failedName} was not${reason}${notSentPart}: ${fix}.`;
}
