import type { UnknownAction } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import type { Goal } from '../domain/overview';
import { sessionRotated } from '../state/authSlice';
import type { User } from '../state/types';
import { forgetAnswers } from './etagCache';
import { API_REDUCER_PATH, baseQueryWithReauth, REFRESH_PATH, type ApiExtraOptions } from './baseQuery';
import type {
  ApiAveragedItem,
  ApiWeightEntry,
  AuthResponse,
  AveragesRequest,
  LoginRequest,
  RegisterRequest,
  SaveWeightRequest,
  TokenResponse,
  UpdateGoalRequest,
  UpdateMeRequest,
  WeightRangeRequest,
} from './types';

const AUTH_CALL: ApiExtraOptions = { skipAuthHandling: true };
const NONE_ON_404: ApiExtraOptions = { notFoundAsNull: true };
/**
 * Reads of one thing that may not exist ask for "none" as a 200 null: a browser logs every 404 as an error, and a
 * new user has no goal and no entry yet. NONE_ON_404 stays beside it for an API deployed before it understood this.
 */
const orNone = (url: string) => ({ url, params: { none: 'null' } });

/** Drops undefined values so optional query parameters are left out of the URL. */
function definedParams(params: Record<string, string | number | undefined>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as Record<string, string | number>;
}

// Every weight query provides 'Weight', so one save or delete refreshes the overview, analytics and the dialog.
const WEIGHT_TAG = { type: 'Weight', id: 'LIST' } as const;

/**
 * A new sign-in never sees what an earlier account on this page left in the cache
 * (e.g. after its session expired and it was sent to /login without logging out).
 */
async function startWithEmptyCache(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: (action: UnknownAction) => unknown; queryFulfilled: Promise<unknown> },
): Promise<void> {
  try {
    await queryFulfilled;
    dispatch(api.util.resetApiState());
    forgetAnswers();
  } catch {
    /* a failed sign-in changes nothing */
  }
}

/** The one RTK Query API of the app; the shell and every remote share it through kit. */
export const api = createApi({
  reducerPath: API_REDUCER_PATH,
  baseQuery: baseQueryWithReauth,
  tagTypes: ['Weight', 'Goal', 'User'],
  // back online, every screen reads its data again: what failed offline loads, what was shown from the copy is fresh
  refetchOnReconnect: true,
  endpoints: (build) => ({
    // --- auth: errors belong to the form, never to a redirect ---
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ url: 'auth/login', method: 'POST', body }),
      extraOptions: AUTH_CALL,
      onQueryStarted: startWithEmptyCache,
    }),
    register: build.mutation<AuthResponse, RegisterRequest>({
      query: (body) => ({ url: 'auth/register', method: 'POST', body }),
      extraOptions: AUTH_CALL,
      onQueryStarted: startWithEmptyCache,
    }),
    // A mutation (not a query) so the token never sits in the cache.
    refreshToken: build.mutation<TokenResponse, void>({
      query: () => ({ url: REFRESH_PATH, method: 'GET' }),
      extraOptions: AUTH_CALL,
    }),
    /** With the access token of the session being left: the server ends that one, whatever cookie is there by then. */
    logout: build.mutation<void, string | null | void>({
      query: (leaving) => ({
        url: 'auth/logout',
        method: 'POST',
        ...(leaving ? { headers: { authorization: `Bearer ${leaving}` } } : {}),
      }),
      extraOptions: AUTH_CALL,
    }),

    // --- the signed-in user ---
    getMe: build.query<User, void>({
      query: () => 'users/me',
      providesTags: ['User'],
    }),
    updateMe: build.mutation<User & { accessToken?: string }, UpdateMeRequest>({
      query: (body) => ({ url: 'users/me', method: 'PATCH', body }),
      // A password change rotates the session and answers with a new token: store it before the
      // user is re-read, or that read goes out with the old token and is refused.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.accessToken) dispatch(sessionRotated(data.accessToken));
          dispatch(api.util.invalidateTags(['User']));
        } catch {
          /* nothing changed on the server */
        }
      },
    }),
    uploadAvatar: build.mutation<User, Blob>({
      query: (file) => {
        const body = new FormData();
        body.append('avatar', file);
        return { url: 'users/me/avatar', method: 'POST', body };
      },
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),
    deleteAvatar: build.mutation<void, void>({
      query: () => ({ url: 'users/me/avatar', method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['User']),
    }),

    // --- weight entries ---
    getWeights: build.query<ApiWeightEntry[], WeightRangeRequest | void>({
      query: (range) => ({
        url: 'weights',
        params: definedParams({ start_date: range?.startDate, end_date: range?.endDate }),
      }),
      providesTags: [WEIGHT_TAG],
    }),
    getWeightByDate: build.query<ApiWeightEntry | null, string>({
      query: (date) => orNone(`weights/date/${encodeURIComponent(date)}`),
      extraOptions: NONE_ON_404,
      providesTags: (_result, _error, date) => [{ type: 'Weight', id: date }],
    }),
    getLatestWeight: build.query<ApiWeightEntry | null, void>({
      query: () => orNone('weights/latest'),
      extraOptions: NONE_ON_404,
      providesTags: [{ type: 'Weight', id: 'LATEST' }],
    }),
    getEarliestWeight: build.query<ApiWeightEntry | null, void>({
      query: () => orNone('weights/earliest'),
      extraOptions: NONE_ON_404,
      providesTags: [{ type: 'Weight', id: 'EARLIEST' }],
    }),
    getAverages: build.query<ApiAveragedItem[], AveragesRequest>({
      query: ({ mode, startDate, endDate, weekStartsOn }) => ({
        url: `weights/average/${mode}`,
        params: definedParams({ start_date: startDate, end_date: endDate, week_starts_on: weekStartsOn }),
      }),
      providesTags: [{ type: 'Weight', id: 'AVERAGES' }],
    }),
    saveWeight: build.mutation<ApiWeightEntry, SaveWeightRequest>({
      query: (body) => ({ url: 'weights', method: 'POST', body }),
      // with no answer the entry dialog keeps the weight on the device to send later, rather than lose it to /503
      extraOptions: { noAnswerToCaller: true },
      // The whole type: list, per-date, latest, earliest and averages all change.
      invalidatesTags: (_result, error) => (error ? [] : ['Weight']),
    }),
    deleteWeight: build.mutation<void, string>({
      query: (date) => ({ url: `weights/date/${encodeURIComponent(date)}`, method: 'DELETE' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Weight']),
    }),

    // --- goal ---
    getGoal: build.query<Goal | null, void>({
      query: () => orNone('goals'),
      extraOptions: NONE_ON_404,
      providesTags: ['Goal'],
    }),
    updateGoal: build.mutation<Goal, UpdateGoalRequest>({
      query: (body) => ({ url: 'goals', method: 'PATCH', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Goal']),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useRefreshTokenMutation,
  useLogoutMutation,
  useGetMeQuery,
  useLazyGetMeQuery,
  useUpdateMeMutation,
  useUploadAvatarMutation,
  useDeleteAvatarMutation,
  useGetWeightsQuery,
  useGetWeightByDateQuery,
  useLazyGetWeightByDateQuery,
  useGetLatestWeightQuery,
  useLazyGetLatestWeightQuery,
  useGetEarliestWeightQuery,
  useGetAveragesQuery,
  useSaveWeightMutation,
  useDeleteWeightMutation,
  useGetGoalQuery,
  useUpdateGoalMutation,
} = api;
