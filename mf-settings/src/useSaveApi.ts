import {
  setAccessToken,
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
        // A password change rotates the session: the answer carries the new access token.
        const { accessToken, ...user } = (await updateMe(patch).unwrap()) as User & { accessToken?: string };
        if (accessToken) dispatch(setAccessToken(accessToken));
        return user;
      },
      updateGoal: (patch) => updateGoal(patch).unwrap(),
      getMe: () => getMe().unwrap(),
    }),
    [dispatch, uploadAvatar, deleteAvatar, updateMe, updateGoal, getMe],
  );
}
