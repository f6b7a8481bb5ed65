import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import type { AppEnv, Deps } from '../types.js';
import { DeleteAccountSchema, EXPORT_CSV_HEADER, ExportSchema, kgToLb } from '@app/contract';
import { busy, errors } from '../schemas/common.js';
import { ExportQuerySchema } from '../schemas/params.js';
import { jsonBody } from '../middleware/json-body.js';
import { requireAuth } from '../middleware/auth.js';
import { forbidden, validationError } from '../lib/errors.js';
import { dataEtag, matchesIfNoneMatch } from '../lib/etag.js';
import { JSON_CT, sendText } from '../lib/respond.js';
import type { Db } from '../db/client.js';
import { validationHook } from '../lib/validation.js';
import { verifyCurrentPasswordThrottled } from '../auth/rate-limit.js';
import { clearRefreshCookie } from '../auth/cookie.js';
import { RECENT_SIGN_IN_ISSUE, signedInRecently } from '../auth/external-flow.js';
import { findUserById, toUserDto } from '../repositories/users.js';
import { entryPages, listEntriesJson } from '../repositories/weights.js';
import { findGoal } from '../repositories/goals.js';
import { findReminderSettings } from '../repositories/reminders.js';
import { listPushSubscriptions, toDeviceDto } from '../repositories/push-subscriptions.js';
import { reminderSettingsOf } from './reminders.js';
import { deleteUser } from '../repositories/account.js';

const security = [{ bearerAuth: [] }];

/**
 * CSV field: quoted when needed; a cell starting with = + - @ tab or CR gets a leading ' so spreadsheets never run
 * it as a formula (also one already starting with apostrophes before those, so the importer can undo it exactly).
 * An empty text is written "" so that the importer tells it from a missing value (null).
 */
const csvField = (v: string | number | null) => {
  if (v === null) return '';
  if (v === '') return '""';
  let s = String(v);
  if (typeof v === 'string' && /^'*[=+\-@\t\r]/.test(s)) s = `'${s}`;
  // a semicolon or a tab is quoted too: a reader guessing the separator from the lines then never takes it for one
  return /[",;\t\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The entries as the CSV download: date, weight_kg (full precision), weight_lb (2 decimals), notes. */
async function entriesCsv(db: Db, userId: string): Promise<string> {
  // a page at a time, so that a history of decades never holds everyone else's requests while it is written out
  const parts = [EXPORT_CSV_HEADER + '\r\n'];
  for await (const page of entryPages(db, userId)) {
    const lines = page.map((w) => [w.date, w.weightKg, Math.round(kgToLb(w.weightKg) * 100) / 100, w.notes].map(csvField).join(','));
    parts.push(lines.join('\r\n') + '\r\n');
  }
  return parts.join('');
}

const CSV_HEADERS = { 'Content-Type': 'text/csv; charset=UTF-8', 'Content-Disposition': 'attachment; filename="weights.csv"' };
const JSON_HEADERS = { 'Content-Type': JSON_CT, 'Content-Disposition': 'attachment; filename="weight-tracker-export.json"' };

export function accountRoutes(deps: Deps) {
  const { db, config, readCache } = deps;
  /** Downloads being built, by tag: parallel downloads of the same data wait for one read and one build. */
  const building = new Map<string, Promise<string>>();
  /**
   * A download under its tag (the data version and what else the file holds): built once per change and kept in the
   * read cache. Ten years of entries take a few tens of ms to read and write out, and as much again to compress; many
   * downloads of unchanged data no longer each hold the event loop for that long.
   */
  const keptText = async (key: string, build: () => Promise<string>) => {
    const kept = readCache.get(key);
    if (kept) return kept;
    let pending = building.get(key);
    if (!pending) {
      pending = build().finally(() => building.delete(key));
      building.set(key, pending);
    }
    const text = await pending;
    return readCache.get(key) ?? readCache.set(key, text);
  };
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const auth = requireAuth(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/users/me/export',
      operationId: 'exportMyData',
      tags: ['users'],
      summary: 'Export all my data',
      description:
        'format=json (default): {profile, goal, entries, reminders, pushDevices}; format=csv: the entries as CSV with the columns ' +
        'date, weight_kg (full precision), weight_lb (2 decimals), notes; formula-like cells start with an apostrophe. ' +
        'Both carry an ETag of the data: asked again with If-None-Match while nothing in the file changed, they answer 304.',
      security,
      middleware: [auth] as const,
      request: { query: ExportQuerySchema },
      responses: {
        200: {
          content: {
            'application/json': {
              schema: ExportSchema,
            },
            'text/csv': { schema: z.string() },
          },
          description: 'A download of every record of the user',
        },
        304: { description: 'Not modified: the If-None-Match tag is current' },
        401: errors[401],
        403: errors[403],
        422: errors[422],
      },
    }),
    async (c) => {
      const { format } = c.req.valid('query');
      const userId = c.get('user').id;
      const user = await findUserById(db, userId);
      if (!user) throw forbidden('Unknown user');
      const { dataVersion } = c.get('user');
      if (format === 'csv') {
        // The file holds the entries only, so it is a read of the weight data like any other: tagged, answered 304
        // while unchanged, and its compressed forms kept with it.
        const key = dataEtag(userId, dataVersion, '/users/me/export?format=csv');
        if (matchesIfNoneMatch(c.req.header('If-None-Match'), key)) return c.body(null, 304, { ETag: key }) as never;
        c.set('read', { key, cache: readCache });
        return (await sendText(c, await keptText(key, () => entriesCsv(db, userId)), CSV_HEADERS)) as never;
      }
      // The profile, goal, reminders and devices are small and read each time (the data version does not follow
      // them); the tag is of the data version and of them, so the file, its entries (PostgreSQL's own JSON, the bulk
      // of it) and its compressed forms are made once for as long as neither changes.
      const goal = (await findGoal(db, userId)) ?? null;
      const reminders = await findReminderSettings(db, userId);
      const pushDevices = (await listPushSubscriptions(db, userId)).map(toDeviceDto);
      const profileJson = JSON.stringify(toUserDto(user));
      const rest = `"reminders":${JSON.stringify(reminders ? reminderSettingsOf(reminders) : null)},"pushDevices":${JSON.stringify(pushDevices)}`;
      const head = `{"profile":${profileJson},"goal":${JSON.stringify(goal)},"entries":`;
      const key = dataEtag(userId, dataVersion, `/users/me/export?format=json\0${head}\0${rest}`);
      if (matchesIfNoneMatch(c.req.header('If-None-Match'), key)) return c.body(null, 304, { ETag: key }) as never;
      c.set('read', { key, cache: readCache });
      const file = await keptText(key, async () => `${head}${await listEntriesJson(db, userId)},${rest}}`);
      return (await sendText(c, file, JSON_HEADERS)) as never;
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/users/me',
      operationId: 'deleteMyAccount',
      tags: ['users'],
      summary: 'Delete my account and all its data',
      description:
        'Needs {currentPassword} (an account without a password: a sign-in within the last 10 minutes). Removes the user, every session, entry, goal, avatar and API token; clears the refresh cookie.',
      security,
      middleware: [auth, jsonBody(config)] as const,
      request: { body: { content: { 'application/json': { schema: DeleteAccountSchema } }, required: true } },
      responses: {
        204: { description: 'Deleted' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        413: errors[413],
        415: errors[415],
        422: errors[422],
        429: errors[429],
        503: busy,
      },
    }),
    async (c) => {
      const { currentPassword } = c.req.valid('json');
      const userId = c.get('user').id;
      const user = await findUserById(db, userId);
      if (!user) throw forbidden('Unknown user');
      if (user.passwordHash === null) {
        // an account made through a sign-in provider has no password to confirm with: a recent sign-in stands for it
        if (!(await signedInRecently(db, c.get('user').sessionId, deps.clock.now())))
          throw validationError([{ field: 'general', issue: RECENT_SIGN_IN_ISSUE }]);
      } else if (!currentPassword) {
        throw validationError([{ field: 'currentPassword', issue: 'Enter your current password' }]);
      } else if (!(await verifyCurrentPasswordThrottled(deps, c, user, currentPassword))) {
        throw validationError([{ field: 'currentPassword', issue: 'Current password is incorrect' }]);
      }
      await deleteUser(db, userId);
      clearRefreshCookie(c, config);
      return c.body(null, 204);
    },
  );

  return app;
}
