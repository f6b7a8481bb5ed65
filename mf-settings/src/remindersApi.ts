import { useCallback } from 'react';
import type { CreatePushSubscription, PushDevice, PushTestResult, ReminderSettings, Reminders } from '@app/contract';
import { api } from '@app/kit';

export type { PushDevice, ReminderSettings, Reminders } from '@app/contract';

/** The Reminders tab's calls, injected into kit's one API slice (bearer header, refresh once on 403). */
const remindersApi = api.enhanceEndpoints({ addTagTypes: ['Reminders', 'PushDevice'] }).injectEndpoints({
  endpoints: (build) => ({
    getReminders: build.query<Reminders, void>({ query: () => 'reminders', providesTags: ['Reminders'] }),
    saveReminders: build.mutation<Reminders, ReminderSettings>({
      query: (body) => ({ url: 'reminders', method: 'PUT', body }),
      invalidatesTags: ['Reminders'],
    }),
    getPushDevices: build.query<PushDevice[], void>({ query: () => 'push/subscriptions', providesTags: ['PushDevice'] }),
    addPushDevice: build.mutation<PushDevice, CreatePushSubscription>({
      query: (body) => ({ url: 'push/subscriptions', method: 'POST', body }),
      invalidatesTags: ['PushDevice'],
    }),
    removePushDevice: build.mutation<void, string>({
      query: (id) => ({ url: `push/subscriptions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['PushDevice'],
    }),
    sendTestPush: build.mutation<PushTestResult, void>({
      query: () => ({ url: 'push/test', method: 'POST' }),
      invalidatesTags: ['PushDevice'],
    }),
  }),
});

// Wrapped with plain types: the generated hooks' types name kit internals and cannot be emitted.
type Call<A, R> = [(arg: A) => Promise<R>, boolean];

export function useReminders(): { data: Reminders | undefined; isError: boolean; refetch: () => void } {
  const { data, isError, refetch } = remindersApi.useGetRemindersQuery();
  return { data, isError, refetch: () => void refetch() };
}
export function useSaveReminders(): Call<ReminderSettings, Reminders> {
  const [trigger, { isLoading }] = remindersApi.useSaveRemindersMutation();
  return [useCallback((arg) => trigger(arg).unwrap(), [trigger]), isLoading];
}
export function usePushDevices(): { devices: PushDevice[] | undefined; isError: boolean } {
  const { data, isError } = remindersApi.useGetPushDevicesQuery();
  return { devices: data, isError };
}
export function useAddPushDevice(): Call<CreatePushSubscription, PushDevice> {
  const [trigger, { isLoading }] = remindersApi.useAddPushDeviceMutation();
  return [useCallback((arg) => trigger(arg).unwrap(), [trigger]), isLoading];
}
export function useRemovePushDevice(): Call<string, void> {
  const [trigger, { isLoading }] = remindersApi.useRemovePushDeviceMutation();
  return [useCallback((id) => trigger(id).unwrap(), [trigger]), isLoading];
}
export function useSendTestPush(): Call<void, PushTestResult> {
  const [trigger, { isLoading }] = remindersApi.useSendTestPushMutation();
  return [useCallback(() => trigger().unwrap(), [trigger]), isLoading];
}
