import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, type MockCall } from '@app/kit/testing';
import type { ImportPreview } from './dataApi';
import { makeUser } from './testData';
import { callsTo, openSettings, toastsOf } from './testUtils';

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 2, 12, 9));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const rows = Array.from({ length: 25 }, (_, i) => ({
  line: i + 2,
  date: `2025-01-${String(i + 1).padStart(2, '0')}`,
  weightKg: 80 + i / 10,
  notes: i === 0 ? 'New, "year"' : null,
}));
const preview = (over: Partial<ImportPreview> = {}): ImportPreview => {
  const p = {
    format: { id: 'generic', label: 'Generic CSV (date, weight, notes)' },
    dateFormat: { value: 'yyyy-MM-dd', ambiguous: false, candidates: ['yyyy-MM-dd'] },
    unit: 'kg',
    unitStated: true,
    fileUnits: ['kg'],
    timeZone: null,
    ignored: [],
    warnings: [],
    rows: rows.slice(0, 20),
    rejected: [{ line: 30, reason: 'Date "31/02/2024" is not a real date' }],
    conflicts: [{ date: '2025-01-03', existing: { weightKg: 90, notes: null }, incoming: { weightKg: 80.2, notes: null } }],
    duplicatesInFile: 0,
    range: { first: '2025-01-01', last: '2025-01-25' },
    ...over,
  } as ImportPreview;
  return {
    ...p,
    counts: over.counts ?? {
      rows: 25,
      rejected: p.rejected.length,
      duplicatesInFile: p.duplicatesInFile,
      conflicts: p.conflicts.length,
      ignored: p.ignored.reduce((n, i) => n + i.count, 0),
    },
  };
};

/** An import of weights.csv still being read, as the server answers for it. */
const readingJob = (id: string, bytesRead = 0) => ({
  id,
  status: 'parsing',
  fileName: 'weights.csv',
  bytesTotal: 1000,
  bytesRead,
  error: null,
  preview: null,
});

/**
 * The server's import calls: an upload answers with an import being read, the first look at it with `reading`
 * (if given) and then the preview made from the upload's form, and a commit with `committed`.
 */
function importServer(opts: {
  previewFor?: (form: FormData) => ImportPreview;
  failWith?: string;
  reading?: { bytesRead: number; bytesTotal: number };
  committed?: (body: { onConflict: string }) => { imported: number; replaced: number; skipped: number };
}): Handler {
  let form: FormData | undefined;
  let looks = 0;
  let n = 0;
  return (call) => {
    if (call.method === 'POST' && call.path === '/api/imports') {
      form = call.body as FormData;
      looks = 0;
      n++;
      return json(202, readingJob(`imp-${n}`));
    }
    if (call.method === 'GET' && call.path === `/api/imports/imp-${n}`) {
      const base = { id: `imp-${n}`, fileName: 'weights.csv', bytesTotal: 1000, error: null };
      if (opts.reading && looks++ === 0) return json(200, { ...base, status: 'parsing', ...opts.reading, preview: null });
      if (opts.failWith) return json(200, { ...base, status: 'failed', bytesRead: 1000, error: opts.failWith, preview: null });
      return json(200, { ...base, status: 'ready', bytesRead: 1000, preview: (opts.previewFor ?? (() => preview()))(form!) });
    }
    if (call.method === 'POST' && call.path === `/api/imports/imp-${n}/commit`)
      return json(200, (opts.committed ?? (() => ({ imported: 24, replaced: 0, skipped: 1 })))(JSON.parse(call.body as string)));
    return undefined;
  };
}

type Handler = (call: MockCall) => Response | undefined;
async function openData(handler: Handler = () => undefined, userOverrides: Parameters<typeof makeUser>[0] = {}) {
  const user = makeUser(userOverrides);
  const rendered = await openSettings(
    { user, goal: null },
    (call) => handler(call) ?? (call.path === '/api/tokens' ? json(200, []) : undefined),
  );
  await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
  return rendered;
}
const csv = (size?: number, name = 'weights.csv', type = 'text/csv') => {
  const file = new File(['date,weight\n2025-01-01,80\n'], name, { type });
  if (size) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('Settings → Data', () => {
  it('has no Save button: its actions are immediate', async () => {
    await openData();
    expect(screen.getByRole('tabpanel', { name: 'Data' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
  });

  it('previews a file: format, counts, the first 20 rows, rejected lines, conflicts; imports with the chosen conflict rule', async () => {
    let committed: { onConflict: string } | undefined;
    const { calls, store } = await openData(
      importServer({
        reading: { bytesRead: 420, bytesTotal: 1000 },
        committed: (body) => {
          committed = body;
          return { imported: 24, replaced: 0, skipped: 1 };
        },
      }),
    );
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    expect(await screen.findByText('Reading the file... 42%')).toBeInTheDocument();
    expect(await screen.findByText('Generic CSV (date, weight, notes)')).toBeInTheDocument();
    expect(screen.getByText(/25 entries recognised, 1 rejected/)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'The first 20 of 25 entries' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByText('New, "year"')).toBeInTheDocument();
    expect(within(table).getByText('01/01/2025')).toBeInTheDocument();
    const rejected = screen.getByRole('table', { name: 'Rejected rows (not imported)' });
    expect(within(rejected).getByRole('row', { name: /30 Date "31\/02\/2024" is not a real date/ })).toBeInTheDocument();
    expect(screen.getByText(/1 day already has an entry: 03\/01\/2025 \(90\.0 → 80\.2 kg\)/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Keep mine' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 24 entries, skipped 1.')).toBeInTheDocument();
    // the preview and its button are gone: the keyboard is on the line that says what was imported
    expect(screen.getByText('Imported 24 entries, skipped 1.')).toHaveFocus();
    expect(committed).toEqual({ onConflict: 'keep' });
    expect(toastsOf(store)).toContain('success: Imported 24 entries, skipped 1.');
    const upload = callsTo(calls, 'POST', '/api/imports')[0]!;
    expect((upload.body as FormData).get('file')).toBeTruthy();
    expect(upload.headers.get('authorization')).toBe('Bearer token-1');
  });

  it("'Replace with imported' sends onConflict replace and shows the result line", async () => {
    let body: { onConflict: string } | undefined;
    await openData(
      importServer({
        committed: (b) => {
          body = b;
          return { imported: 4000, replaced: 12, skipped: 0 };
        },
      }),
    );
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    await userEvent.click(await screen.findByRole('radio', { name: 'Replace with imported' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText('Imported 4,000 entries, replaced 12.')).toBeInTheDocument();
    expect(body).toEqual({ onConflict: 'replace' });
  });

  it('lists only the first rejected rows and says how many there were', async () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ line: i + 2, reason: 'Weight is missing' }));
    await openData(
      importServer({
        previewFor: () => preview({ rejected: many, counts: { rows: 25, rejected: 4321, duplicatesInFile: 0, conflicts: 1, ignored: 0 } }),
      }),
    );
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    expect(await screen.findByRole('table', { name: 'Rejected rows (not imported): the first 100 of 4,321' })).toBeInTheDocument();
    expect(screen.getByText(/25 entries recognised, 4,321 rejected/)).toBeInTheDocument();
  });

  it('asks day-first or month-first when ambiguous, and reads the file again with the choice', async () => {
    const { calls } = await openData(
      importServer({
        previewFor: (form) =>
          preview({
            dateFormat: {
              value: (form.get('dateFormat') as 'MM/dd/yyyy' | null) ?? null,
              ambiguous: true,
              candidates: ['dd/MM/yyyy', 'MM/dd/yyyy'],
            },
            conflicts: [],
          }),
      }),
    );
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    expect(await screen.findByText('Choose the date format first.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: 'Month first (MM/dd/yyyy)' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/imports')).toHaveLength(2));
    expect((callsTo(calls, 'POST', '/api/imports')[1]!.body as FormData).get('dateFormat')).toBe('MM/dd/yyyy');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled());
    expect(screen.getByRole('radio', { name: 'Month first (MM/dd/yyyy)' })).toBeChecked();
  });

  it('asks kg, lb or st when the file does not say, and reads the file again with the answer', async () => {
    const { calls } = await openData(
      importServer({
        previewFor: (form) => preview({ unit: (form.get('unit') as 'kg' | 'lb' | 'st' | null) ?? 'kg', unitStated: false, conflicts: [] }),
      }),
    );
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    expect(await screen.findByRole('radio', { name: 'Kilograms (kg)' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Pounds (lb)' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/imports')).toHaveLength(2));
    expect((callsTo(calls, 'POST', '/api/imports')[1]!.body as FormData).get('unit')).toBe('lb');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Pounds (lb)' })).toBeChecked());
    // stones too (openScale writes them unmarked)
    await userEvent.click(screen.getByRole('radio', { name: 'Stones (st)' }));
    await waitFor(() => expect(callsTo(calls, 'POST', '/api/imports')).toHaveLength(3));
    expect((callsTo(calls, 'POST', '/api/imports')[2]!.body as FormData).get('unit')).toBe('st');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Stones (st)' })).toBeChecked());
  });

  it('does not ask for the unit when the file states it', async () => {
    await openData(importServer({ previewFor: () => preview({ fileUnits: ['kg', 'lb'], conflicts: [] }) }));
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    expect(await screen.findByText(/weights in kg and lb/)).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Pounds (lb)' })).not.toBeInTheDocument();
  });

  it("sends the person's unit for weights the file does not state: pounds for an imperial user", async () => {
    const { calls } = await openData(
      importServer({
        previewFor: (form) => preview({ unit: form.get('unit') as 'kg' | 'lb', unitStated: false, fileUnits: [], conflicts: [] }),
      }),
      { unitPreference: 'IMPERIAL' },
    );
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    expect(await screen.findByRole('radio', { name: 'Pounds (lb)' })).toBeChecked();
    expect((callsTo(calls, 'POST', '/api/imports')[0]!.body as FormData).get('unit')).toBe('lb');
  });

  it('warns when the weights look like the other unit; says what was left out and which time zone made the dates', async () => {
    await openData(
      importServer({
        previewFor: () =>
          preview({
            unitStated: false,
            fileUnits: [],
            conflicts: [],
            timeZone: 'Europe/Berlin',
            ignored: [
              { reason: 'interpolated days (estimates, not readings)', count: 3 },
              { reason: 'rows deleted in Lose It!', count: 1 },
            ],
            warnings: [
              {
                code: 'looks-like-lb',
                message: 'These weights look like pounds (half of them are above 150). If they are, choose pounds.',
              },
            ],
          }),
      }),
    );
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    expect(await screen.findByRole('alert')).toHaveTextContent('These weights look like pounds');
    expect(
      screen.getByText('Left out on purpose: interpolated days (estimates, not readings) (3), rows deleted in Lose It! (1).'),
    ).toBeInTheDocument();
    expect(screen.getByText(/turned into dates in your time zone, Europe\/Berlin/)).toBeInTheDocument();
  });

  it('takes an archive up to 500 MiB and shows how far a large file is read', async () => {
    const { calls } = await openData(importServer({ reading: { bytesRead: 60 * 1024 * 1024, bytesTotal: 200 * 1024 * 1024 } }));
    await userEvent.upload(screen.getByLabelText('Export file'), csv(501 * 1024 * 1024, 'export.zip', 'application/zip'));
    expect(await screen.findByText('The archive is larger than 500 MiB')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/imports')).toHaveLength(0);
    await userEvent.upload(screen.getByLabelText('Export file'), csv(200 * 1024 * 1024, 'export.zip', 'application/zip'));
    expect(await screen.findByText('Reading the file... 30% (60 MB of 200 MB)')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/imports')).toHaveLength(1);
  });

  it('stops reading an import another tab replaced: says so once, and asks no more', async () => {
    let looks = 0;
    const { calls } = await openData((call) => {
      if (call.method === 'POST' && call.path === '/api/imports') return json(202, readingJob('imp-1'));
      if (call.method === 'GET' && call.path === '/api/imports/imp-1')
        return looks++ === 0 ? json(200, readingJob('imp-1', 500)) : apiError(404, 'No such import');
      return undefined;
    });
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    expect(await screen.findByText('No such import')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/^Reading the file/)).not.toBeInTheDocument());
    const asked = callsTo(calls, 'GET', '/api/imports/imp-1').length;
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(callsTo(calls, 'GET', '/api/imports/imp-1')).toHaveLength(asked);
  });

  it('shows why a file could not be read', async () => {
    await openData(importServer({ failWith: 'The file was not recognised: it needs a header row' }));
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    expect(await screen.findByText('The file was not recognised: it needs a header row')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
  });

  it('refuses a file over 5 MiB before uploading; shows a server refusal under the field', async () => {
    const { calls } = await openData((call) =>
      call.path === '/api/imports'
        ? apiError(415, 'Unsupported media type', [{ field: 'file', issue: 'The file was not recognised' }])
        : undefined,
    );
    await userEvent.upload(screen.getByLabelText('Export file'), csv(5 * 1024 * 1024 + 1));
    expect(await screen.findByText('The file is larger than 5 MiB')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/imports')).toHaveLength(0);
    await userEvent.upload(screen.getByLabelText('Export file'), csv());
    expect(await screen.findByText('The file was not recognised')).toBeInTheDocument();
  });

  it('creates a token, shows it once with a Copy button, lists and revokes', async () => {
    const tokens: Array<Record<string, unknown>> = [];
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { store } = await openData((call) => {
      if (call.method === 'GET' && call.path === '/api/tokens') return json(200, tokens);
      if (call.method === 'POST' && call.path === '/api/tokens') {
        const { name, scope } = JSON.parse(call.body as string);
        const t = { id: 'c0ffee00-0000-4000-8000-000000000001', name, scope, createdAt: '2025-03-12T09:00:00.000Z', lastUsedAt: null };
        tokens.push(t);
        return json(201, { ...t, token: 'wt_secretsecret' });
      }
      if (call.method === 'DELETE') {
        tokens.pop();
        return json(204);
      }
    });
    await userEvent.type(screen.getByLabelText('Token name'), 'Home Assistant');
    await userEvent.click(screen.getByRole('radio', { name: 'Read and write' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('wt_secretsecret')).toBeInTheDocument();
    expect(screen.getByText(/it is shown only once/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('wt_secretsecret');
    expect(toastsOf(store)).toContain('success: Token copied');
    const row = await screen.findByRole('row', { name: /Home Assistant Read and write 12\/03\/2025 Never/ });
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('wt_secretsecret')).not.toBeInTheDocument();
    // the box went with its Done button: the keyboard is back on Create token, not on the page's top
    expect(screen.getByRole('button', { name: 'Create token' })).toHaveFocus();
    // Revoke asks first; Escape (as Keep) leaves the token and the keyboard on its Revoke
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Home Assistant' }));
    const ask = within(row).getByRole('group', { name: 'Revoke the token Home Assistant?' });
    expect(within(ask).getByRole('button', { name: 'Keep' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(row).getByRole('button', { name: 'Revoke Home Assistant' })).toHaveFocus());
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke Home Assistant' }));
    await userEvent.click(within(row).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();
    expect(toastsOf(store)).toContain('success: Token revoked');
    // the last token gone, the keyboard is on Create token
    expect(screen.getByRole('button', { name: 'Create token' })).toHaveFocus();
  });

  it('revoking a token moves the keyboard to the next one in the list', async () => {
    const tokens = ['Scale', 'Laptop', 'Phone'].map((name, i) => ({
      id: `c0ffee00-0000-4000-8000-00000000000${i}`,
      name,
      scope: 'read',
      createdAt: '2025-03-12T09:00:00.000Z',
      lastUsedAt: null,
    }));
    await openData((call) => {
      if (call.method === 'GET' && call.path === '/api/tokens') return json(200, tokens);
      if (call.method === 'DELETE') {
        tokens.splice(
          tokens.findIndex((t) => call.path.endsWith(t.id)),
          1,
        );
        return json(204);
      }
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Laptop' }));
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Laptop' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Revoke Phone' })).toHaveFocus();
  });

  it('a token refused for the account cap or the hourly limit says why beside the name, which keeps its text', async () => {
    let answer = apiError(409, 'Too many tokens', [
      { field: 'name', issue: 'You have 50 tokens, the most an account can hold. Revoke one you no longer use to make another.' },
    ]);
    await openData((call) => (call.method === 'POST' && call.path === '/api/tokens' ? answer : undefined));
    await userEvent.type(screen.getByLabelText('Token name'), 'Backup script');
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(/You have 50 tokens, the most an account can hold/)).toBeInTheDocument();
    expect(screen.getByLabelText('Token name')).toHaveValue('Backup script');
    expect(screen.getByLabelText('Token name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Token name')).toHaveFocus();
    answer = apiError(429, 'Too many attempts, try again later', [
      { field: 'general', issue: 'Too many attempts. Try again in 42 minute(s).' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText('Too many attempts. Try again in 42 minute(s).')).toBeInTheDocument();
  });

  it('deletes the account only after the password and a confirmation; then signs out to the landing page', async () => {
    let deleted = 0;
    const { store, router } = await openData((call) => {
      if (call.method !== 'DELETE' || call.path !== '/api/users/me') return undefined;
      deleted++;
      const { currentPassword } = JSON.parse(call.body as string);
      return currentPassword === 'right-password'
        ? json(204)
        : apiError(422, 'Validation failed', [{ field: 'currentPassword', issue: 'Current password is incorrect' }]);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByText('Enter your current password')).toBeInTheDocument();
    // the focus goes to the field the message is about, which a screen reader then reads with it
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(deleted).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
    await userEvent.clear(screen.getByLabelText('Current password'));
    await userEvent.type(screen.getByLabelText('Current password'), 'right-password');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('landing page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(store.getState().auth.accessToken).toBeNull();
    expect(store.getState().auth.loggedOut).toBe(true);
    expect(deleted).toBe(2);
  });

  it('downloads the export with the bearer header, never a token in the URL', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = await openData((call) =>
      call.path.startsWith('/api/users/me/export') ? new Response('date,weight_kg,weight_lb,notes\r\n', { status: 200 }) : undefined,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = calls.find((c) => c.path.startsWith('/api/users/me/export'))!;
    expect(call.path).toBe('/api/users/me/export?format=csv');
    expect(call.headers.get('authorization')).toBe('Bearer token-1');
    expect(createObjectURL).toHaveBeenCalled();
    click.mockRestore();
  });
});
