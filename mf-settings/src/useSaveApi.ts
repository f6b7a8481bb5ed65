import {
  api,
  useAppDispatch,
  useDeleteAvatarMutation,
  useLazyGetMeQuery,
  useUpdateGoalMutation,
  useUpdateMeMutation,
  useUploadAvatarMutation,
  type User,
} from '@app/kit';
import { useMemo } from 'react';
import type { SaveApi } from './saveSequence';

/**
 * What else a profile change makes out of date on the other tabs: a new password is a sign-in method (a provider's
 * account now has one) and revokes every API token; a time zone or week start moves the next reminder and report.
 */
export function staleAfterProfileSave(patch: Parameters<SaveApi['updateMe']>[0]): Array<'SignInMethods' | 'ApiToken' | 'Reminders'> {
  const stale: Array<'SignInMethods' | 'ApiToken' | 'Reminders'> = [];
  if (patch.password !== undefined) stale.push('SignInMethods', 'ApiToken');
  if (patch.timeZone !== undefined || patch.weekStartsOn !== undefined) stale.push('Reminders');
  return stale;
}

/** The save sequence's calls, bound to kit's RTK Query endpoints. */
export function useSaveApi(): SaveApi {
  const dispatch = useAppDispatch();
  const [uploadAvatar] = useUploadAvatarMutation();
  const [deleteAvatar] = useDeleteAvatarMutation();
  const [updateMe] = useUpdateMeMutation();
  const [updateGoal] = useUpdateGoalMutation();
  const [getMe] = useLazyGetMeQuery();
  return useMemo<SaveApi>(
    () => ({
      uploadAvatar: (file) => uploadAvatar(file).unwrap(),
      deleteAvatar: () => deleteAvatar().unwrap(),
      updateMe: async (patch) => {
        // A password change rotates the session: the answer carries the new access token, which the endpoint keeps.
        const { accessToken: _rotated, ...user } = (await updateMe(patch).unwrap()) as User & { accessToken?: string };
        const stale = staleAfterProfileSave(patch);
        // tag types the Settings endpoints add to kit's API (enhanceEndpoints), unknown to its own typing
        if (stale.length) dispatch(api.util.invalidateTags(stale as unknown as Parameters<typeof api.util.invalidateTags>[0]));
        return user;
      },
      updateGoal: (patch) => updateGoal(patch).unwrap(),
      getMe: () => getMe().unwrap(),
    }),
    [dispatch, uploadAvatar, deleteAvatar, updateMe, updateGoal, getMe],
  );
}
