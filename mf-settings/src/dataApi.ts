import { useCallback } from 'react';
import { api } from '@app/kit';

export type DateFormat = 'yyyy-MM-dd' | 'dd/MM/yyyy' | 'MM/dd/yyyy';
export interface ImportRow {
  line: number;
  date: string;
  weightKg: number;
  notes: string | null;
}
export interface ImportPreview {
  format: { id: string; label: string };
  dateFormat: { value: DateFormat | null; ambiguous: boolean; candidates: DateFormat[] };
  unit: 'kg' | 'lb';
  unitStated: boolean;
  rows: ImportRow[];
  rejected: Array<{ line: number; reason: string }>;
  conflicts: Array<{ date: string; existing: { weightKg: number; notes: string | null }; incoming: { weightKg: number; notes: string | null } }>;
  duplicatesInFile: number;
}
export interface ImportResult {
  imported: number;
  replaced: number;
  skipped: number;
}
export type TokenScope = 'read' | 'read-write';
export interface ApiToken {
  id: string;
  name: string;
  scope: TokenScope;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * The Data tab's calls, injected into kit's one API slice from this remote (as mf-auth does), so they share its
 * bearer header and its refresh-once-on-403 handling. The access token never goes into a URL.
 */
const dataApi = api
  .enhanceEndpoints({ addTagTypes: ['ApiToken'] })
  .injectEndpoints({
    endpoints: (build) => ({
      previewImport: build.mutation<ImportPreview, { file: File; dateFormat?: DateFormat; unit?: 'kg' | 'lb' }>({
        query: ({ file, dateFormat, unit }) => {
          const body = new FormData();
          body.set('file', file);
          if (dateFormat) body.set('dateFormat', dateFormat);
          if (unit) body.set('unit', unit);
          return { url: 'imports/preview', method: 'POST', body };
        },
      }),
      commitImport: build.mutation<ImportResult, { rows: Array<Omit<ImportRow, 'line'>>; onConflict: 'keep' | 'replace' }>({
        query: (body) => ({ url: 'imports/commit', method: 'POST', body }),
        // Every weight query (lists, latest, earliest, averages) may change.
        invalidatesTags: ['Weight'],
      }),
      exportData: build.mutation<string, 'csv' | 'json'>({
        query: (format) => ({ url: `users/me/export?format=${format}`, method: 'GET', responseHandler: 'text', cache: 'no-store' }),
      }),
      getTokens: build.query<ApiToken[], void>({ query: () => 'tokens', providesTags: ['ApiToken'] }),
      createToken: build.mutation<ApiToken & { token: string }, { name: string; scope: TokenScope }>({
        query: (body) => ({ url: 'tokens', method: 'POST', body }),
        invalidatesTags: ['ApiToken'],
      }),
      revokeToken: build.mutation<void, string>({
        query: (id) => ({ url: `tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: ['ApiToken'],
      }),
      deleteAccount: build.mutation<void, { currentPassword: string }>({
        query: (body) => ({ url: 'users/me', method: 'DELETE', body }),
      }),
    }),
  });

// Wrapped with plain types: the generated hooks' types name kit internals and cannot be emitted.
type Call<A, R> = [(arg: A) => Promise<R>, boolean];

export function usePreviewImport(): Call<{ file: File; dateFormat?: DateFormat }, ImportPreview> {
  const [trigger, { isLoading }] = dataApi.usePreviewImportMutation();
  return [useCallback((arg) => trigger(arg).unwrap(), [trigger]), isLoading];
}
export function useCommitImport(): Call<{ rows: Array<Omit<ImportRow, 'line'>>; onConflict: 'keep' | 'replace' }, ImportResult> {
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
export function useCreateToken(): Call<{ name: string; scope: TokenScope }, ApiToken & { token: string }> {
  const [trigger, { isLoading }] = dataApi.useCreateTokenMutation();
  return [useCallback((arg) => trigger(arg).unwrap(), [trigger]), isLoading];
}
export function useRevokeToken(): Call<string, void> {
  const [trigger, { isLoading }] = dataApi.useRevokeTokenMutation();
  return [useCallback((id) => trigger(id).unwrap(), [trigger]), isLoading];
}
export function useDeleteAccount(): Call<{ currentPassword: string }, void> {
  const [trigger, { isLoading }] = dataApi.useDeleteAccountMutation();
  return [useCallback((arg) => trigger(arg).unwrap(), [trigger]), isLoading];
}
