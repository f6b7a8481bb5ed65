import { useCallback } from 'react';
import type { ApiToken, DateFormat, Import as ImportJob, ImportUnit, ImportResult, NewApiToken, TokenScope } from '@app/contract';
import { api, neverReadAhead } from '@app/kit';

// The wire's shapes, as the contract defines them for the API too.
export type { ApiToken, DateFormat, ImportPreview, ImportUnit, ImportResult, ImportRow, TokenScope } from '@app/contract';
/** An uploaded file on its way to being imported: read in the background, then previewed, then committed. */
export type { Import as ImportJob } from '@app/contract';

/**
 * The Data tab's calls, injected into kit's one API slice from this remote (as mf-auth does), so they share its
 * bearer header and its refresh-once-on-403 handling. The access token never goes into a URL.
 */
const dataApi = api.enhanceEndpoints({ addTagTypes: ['ApiToken'] }).injectEndpoints({
  endpoints: (build) => ({
    startImport: build.mutation<ImportJob, { file: File; dateFormat?: DateFormat; unit?: ImportUnit }>({
      query: ({ file, dateFormat, unit }) => {
        const body = new FormData();
        if (dateFormat) body.set('dateFormat', dateFormat);
        if (unit) body.set('unit', unit);
        body.set('file', file);
        return { url: 'imports', method: 'POST', body };
      },
    }),
    getImport: build.query<ImportJob, string>({
      query: (id) => `imports/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 0,
    }),
    commitImport: build.mutation<ImportResult, { id: string; onConflict: 'keep' | 'replace' }>({
      query: ({ id, onConflict }) => ({ url: `imports/${encodeURIComponent(id)}/commit`, method: 'POST', body: { onConflict } }),
      // Every weight query (lists, latest, earliest, averages) may change.
      invalidatesTags: ['Weight'],
    }),
    exportData: build.mutation<string, 'csv' | 'json'>({
      query: (format) => ({ url: `users/me/export?format=${format}`, method: 'GET', responseHandler: 'text', cache: 'no-store' }),
    }),
    getTokens: build.query<ApiToken[], void>({ query: () => 'tokens', providesTags: ['ApiToken'] }),
    createToken: build.mutation<NewApiToken, { name: string; scope: TokenScope }>({
      query: (body) => ({ url: 'tokens', method: 'POST', body }),
      invalidatesTags: ['ApiToken'],
    }),
    revokeToken: build.mutation<void, string>({
      query: (id) => ({ url: `tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['ApiToken'],
    }),
    deleteAccount: build.mutation<void, { currentPassword?: string }>({
      query: (body) => ({ url: 'users/me', method: 'DELETE', body }),
    }),
  }),
});

// an import is read once, during the visit that uploaded it, and deleted once committed
neverReadAhead('getImport');

// Wrapped with plain types: the generated hooks' types name kit internals and cannot be emitted.
type Call<A, R> = [(arg: A) => Promise<R>, boolean];

export function useStartImport(): Call<{ file: File; dateFormat?: DateFormat; unit?: ImportUnit }, ImportJob> {
  const [trigger, { isLoading }] = dataApi.useStartImportMutation();
  return [useCallback((arg) => trigger(arg).unwrap(), [trigger]), isLoading];
}
/** The import `id`, asked again every `pollMs` while its file is being read. */
export function useImportJob(id: string | null, pollMs: number): { job: ImportJob | undefined; error: unknown } {
  const { currentData, error } = dataApi.useGetImportQuery(id ?? '', { skip: id === null, pollingInterval: pollMs });
  return { job: id === null ? undefined : currentData, error };
}
export function useCommitImport(): Call<{ id: string; onConflict: 'keep' | 'replace' }, ImportResult> {
  const [trigger, { isLoading }] = dataApi.useCommitImportMutation();
  return [useCallback((arg) => trigger(arg).unwrap(), [trigger]), isLoading];
}
export function useExportData(): Call<'csv' | 'json', string> {
  const [trigger, { isLoading }] = dataApi.useExportDataMutation();
  return [useCallback((format) => trigger(format).unwrap(), [trigger]), isLoading];
}
export function useTokens(): { tokens: ApiToken[] | undefined; isError: boolean; isLoading: boolean } {
  const { data, isError, isLoading } = dataApi.useGetTokensQuery();
  return { tokens: data, isError, isLoading };
}
export function useCreateToken(): Call<{ name: string; scope: TokenScope }, NewApiToken> {
  const [trigger, { isLoading }] = dataApi.useCreateTokenMutation();
  return [useCallback((arg) => trigger(arg).unwrap(), [trigger]), isLoading];
}
export function useRevokeToken(): Call<string, void> {
  const [trigger, { isLoading }] = dataApi.useRevokeTokenMutation();
  return [useCallback((id) => trigger(id).unwrap(), [trigger]), isLoading];
}
export function useDeleteAccount(): Call<{ currentPassword?: string }, void> {
  const [trigger, { isLoading }] = dataApi.useDeleteAccountMutation();
  return [useCallback((arg) => trigger(arg).unwrap(), [trigger]), isLoading];
}
