import { OpenAPIHono, createRoute, z } from '@hono/zod-openapi';
import {
  CreatePushSubscriptionSchema,
  DEFAULT_REMINDER_SETTINGS,
  PushDeviceSchema,
  PushTestResultSchema,
  ReminderSettingsSchema,
  RemindersSchema,
  type ReminderSettings,
} from '@app/contract';
import type { AppEnv, Deps } from '../types.js';
import { errors } from '../schemas/common.js';
import { requireAuth } from '../middleware/auth.js';
import { jsonBody } from '../middleware/json-body.js';
import { ApiError, notFound, validationError } from '../lib/errors.js';
import { validationHook } from '../lib/validation.js';
import { findUserById } from '../repositories/users.js';
import { findReminderSettings, saveReminderSettings, type ReminderSettingsRow } from '../repositories/reminders.js';
import { deletePushSubscription, listPushSubscriptions, savePushSubscription, toDeviceDto } from '../repositories/push-subscriptions.js';
import { isAllowedEndpoint } from '../push/config.js';
import { DEFAULT_PUSH_LIMITS } from '../config.js';
import { reserveAttempt } from '../auth/rate-limit.js';
import { maskToWeekdays, minutesToTime, timeToMinutes, weekdaysToMask, type Schedule } from '../reminders/schedule.js';
import { nextInstants, type ReminderService } from '../reminders/service.js';
import { testPush } from '../reminders/messages.js';

const security = [{ bearerAuth: [] }];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PUSH_UNAVAILABLE = 'Push notifications are not available on this server';

/** A stored row as the wire's settings; the defaults (everything off) without one. */
export const reminderSettingsOf = (r: ReminderSettingsRow | undefined): ReminderSettings =>
  r
    ? {
        dailyEnabled: r.dailyEnabled,
        dailyTime: minutesToTime(r.dailyTime),
        dailyWeekdays: maskToWeekdays(r.dailyWeekdays),
        dailyEmail: r.dailyEmail,
        dailyPush: r.dailyPush,
        weeklyReportEnabled: r.weeklyReportEnabled,
        quietHoursEnabled: r.quietHoursEnabled,
        quietStart: minutesToTime(r.quietStart),
        quietEnd: minutesToTime(r.quietEnd),
      }
    : { ...DEFAULT_REMINDER_SETTINGS, dailyWeekdays: [...DEFAULT_REMINDER_SETTINGS.dailyWeekdays] };

const toSchedule = (s: ReminderSettings): Schedule => ({
  dailyEnabled: s.dailyEnabled,
  dailyTime: timeToMinutes(s.dailyTime),
  dailyWeekdays: weekdaysToMask(s.dailyWeekdays),
  weeklyReportEnabled: s.weeklyReportEnabled,
  quietHoursEnabled: s.quietHoursEnabled,
  quietStart: timeToMinutes(s.quietStart),
  quietEnd: timeToMinutes(s.quietEnd),
});

/** Settings → Reminders: the daily reminder, the weekly report, quiet hours, and this user's push devices. */
export function reminderRoutes(deps: Deps, service: ReminderService, pushPublicKey: string | null) {
  const { db, config, clock } = deps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const auth = requireAuth(deps);
  const json = jsonBody(config);

  const userOf = async (id: string, row?: { timeZone: string; weekStartsOn: number }) => {
    const user = row ?? (await findUserById(db, id));
    if (!user) throw new ApiError(401, 'No such user');
    return user;
  };
  const answer = (settings: ReminderSettings, user: { timeZone: string; weekStartsOn: number }) => {
    // computed from the current time zone and week start, which may have changed since the row was saved
    const next = nextInstants(toSchedule(settings), user.timeZone, user.weekStartsOn, clock.now());
    return {
      settings,
      push: { available: pushPublicKey !== null, publicKey: pushPublicKey },
      nextDailyAt: next.nextDailyAt?.toISOString() ?? null,
      nextWeeklyReportAt: next.nextWeeklyAt?.toISOString() ?? null,
    };
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/reminders',
      operationId: 'getReminders',
      tags: ['reminders'],
      summary: 'My reminder and weekly-report settings',
      description: 'Everything is off until saved. nextDailyAt and nextWeeklyReportAt are when the next ones fall due.',
      security,
      middleware: [auth] as const,
      responses: {
        200: { content: { 'application/json': { schema: RemindersSchema } }, description: 'Settings and push availability' },
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => {
      const me = c.get('user');
      const user = await userOf(me.id, me.row);
      return c.json(answer(reminderSettingsOf(await findReminderSettings(db, me.id)), user), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/reminders',
      operationId: 'saveReminders',
      tags: ['reminders'],
      summary: 'Save my reminder and weekly-report settings',
      description:
        'The daily reminder comes at dailyTime (HH:mm, your time zone) on dailyWeekdays (0 = Sunday) by e-mail and/or push, ' +
        'only on days without an entry. The weekly report is e-mailed on the first day of your week at 08:00 (or when quiet ' +
        'hours end). Nothing is sent during quiet hours; a reminder time inside them is refused.',
      security,
      middleware: [auth, json] as const,
      request: { body: { content: { 'application/json': { schema: ReminderSettingsSchema } }, required: true } },
      responses: {
        200: { content: { 'application/json': { schema: RemindersSchema } }, description: 'Saved' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        413: errors[413],
        415: errors[415],
        422: errors[422],
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      if (body.dailyEnabled && body.dailyPush && pushPublicKey === null)
        throw validationError([{ field: 'dailyPush', issue: PUSH_UNAVAILABLE }]);
      const me = c.get('user');
      // the time zone and week start read now, not the session's kept row: another process may keep that row a few
      // seconds after a profile change, and the row saved below is stamped after that change, so the tick would not
      // see it as stale and compute it again (a write request reads the primary)
      const user = await userOf(me.id);
      const settings: ReminderSettings = { ...body, dailyWeekdays: [...new Set(body.dailyWeekdays)].sort() };
      const schedule = toSchedule(settings);
      const now = clock.now();
      const next = nextInstants(schedule, user.timeZone, user.weekStartsOn, now);
      await saveReminderSettings(
        db,
        me.id,
        {
          ...schedule,
          dailyEmail: settings.dailyEmail,
          dailyPush: settings.dailyPush,
          nextDailyAt: next.nextDailyAt,
          nextWeeklyAt: next.nextWeeklyAt,
        },
        now,
      );
      return c.json(answer(settings, user), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/push/subscriptions',
      operationId: 'listPushDevices',
      tags: ['reminders'],
      summary: 'The devices that get my push notifications',
      security,
      middleware: [auth] as const,
      responses: {
        200: { content: { 'application/json': { schema: z.array(PushDeviceSchema) } }, description: 'Oldest first' },
        401: errors[401],
        403: errors[403],
      },
    }),
    async (c) => c.json((await listPushSubscriptions(db, c.get('user').id)).map(toDeviceDto), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/push/subscriptions',
      operationId: 'addPushDevice',
      tags: ['reminders'],
      summary: "Register this browser's push subscription",
      description:
        'The body is what PushSubscription.toJSON() gives, plus a name for the device. Subscribing again from the same ' +
        'browser (same endpoint) updates it. The endpoint must be on a known push service (PUSH_ENDPOINT_HOSTS). ' +
        `An account has at most ${DEFAULT_PUSH_LIMITS.devices} devices (409 past that).`,
      security,
      middleware: [auth, json] as const,
      request: { body: { content: { 'application/json': { schema: CreatePushSubscriptionSchema } }, required: true } },
      responses: {
        201: { content: { 'application/json': { schema: PushDeviceSchema } }, description: 'Registered' },
        400: errors[400],
        401: errors[401],
        403: errors[403],
        413: errors[413],
        415: errors[415],
        422: errors[422],
      },
    }),
    async (c) => {
      const body = c.req.valid('json');
      if (!config.push) throw validationError([{ field: 'general', issue: PUSH_UNAVAILABLE }]);
      if (!isAllowedEndpoint(body.endpoint, config.push.endpointHosts))
        throw validationError([{ field: 'endpoint', issue: 'This push service is not one this server sends to' }]);
      const device = body.device?.trim() || 'A browser';
      const row = await savePushSubscription(
        db,
        c.get('user').id,
        { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, device },
        clock.now(),
        DEFAULT_PUSH_LIMITS.devices,
      );
      if (!row)
        throw new ApiError(
          409,
          `Push notifications are on for ${DEFAULT_PUSH_LIMITS.devices} devices already; turn them off on one you no longer use first`,
        );
      return c.json(toDeviceDto(row), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/push/subscriptions/{id}',
      operationId: 'removePushDevice',
      tags: ['reminders'],
      summary: 'Stop push notifications to one device',
      security,
      middleware: [auth] as const,
      request: { params: z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, format: 'uuid' }) }) },
      responses: { 204: { description: 'Removed' }, 401: errors[401], 403: errors[403], 404: errors[404] },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!UUID.test(id) || !(await deletePushSubscription(db, c.get('user').id, id))) throw notFound('No such device');
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/push/test',
      operationId: 'sendTestPush',
      tags: ['reminders'],
      summary: 'Send a test notification to my devices',
      description:
        'delivered counts the devices that took it; removed those the push service no longer knows (forgotten). ' +
        `At most ${DEFAULT_PUSH_LIMITS.testPerUser.limit} an hour (429 with Retry-After).`,
      security,
      middleware: [auth] as const,
      responses: {
        200: { content: { 'application/json': { schema: PushTestResultSchema } }, description: 'Sent' },
        401: errors[401],
        403: errors[403],
        409: errors[409],
        429: errors[429],
      },
    }),
    async (c) => {
      if (!config.push) throw new ApiError(409, PUSH_UNAVAILABLE);
      const userId = c.get('user').id;
      if ((await listPushSubscriptions(db, userId)).length === 0) throw new ApiError(409, 'No device has push notifications turned on');
      const { limit } = DEFAULT_PUSH_LIMITS.testPerUser;
      await reserveAttempt(
        db,
        [{ key: `push-test:user:${userId}`, rule: DEFAULT_PUSH_LIMITS.testPerUser }],
        clock.now(),
        (minutes) => `You have sent ${limit} test notifications in the last hour. Try again in ${minutes} minute(s).`,
      );
      try {
        return c.json(await service.pushToDevices(userId, testPush(), clock.now()), 200);
      } catch {
        throw new ApiError(409, 'The push service did not take the notification; try again later');
      }
    },
  );

  return app;
}
