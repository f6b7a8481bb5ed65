import {
  useDeleteAvatarMutation,
  useLazyGetMeQuery,
  useUpdateGoalMutation,
  useUpdateMeMutation,
  useUploadAvatarMutation,
  type User,
} from '@app/kit';
import { useMemo } from 'react';
import type { SaveApi } from './saveSequence';

/** The save sequence's calls, bound to kit's RTK Query endpoints. */
export function useSaveApi(): SaveApi {
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
        return user;
      },
      updateGoal: (patch) => updateGoal(patch).unwrap(),
      getMe: () => getMe().unwrap(),
    }),
    [uploadAvatar, deleteAvatar, updateMe, updateGoal, getMe],
  );
}
