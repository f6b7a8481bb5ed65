// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import { dateTime, uuid } from './fields';
import { hasLoneSurrogate, hasNul } from './text';

/** No control character, space or half surrogate pair. */
const isPlainUrl = (s: string) => ![...s].some((ch) => ch <= ' ' || ch === '\u007f') && !hasLoneSurrogate(s);

/** A local time of day, 24-hour 'HH:mm' (in the user's own time zone). */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;
/** When the weekly report goes out: the first day of the user's week, at this local time (or when quiet hours end). */
export const WEEKLY_REPORT_TIME = '08:00';
/** Days of the week as the product numbers them: 0 = Sunday … 6 = Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

export const DEFAULT_REMINDER_SETTINGS = Object.freeze({
  dailyEnabled: false,
  dailyTime: '07:30',
  dailyWeekdays: [0, 1, 2, 3, 4, 5, 6],
  dailyEmail: true,
  dailyPush: false,
  weeklyReportEnabled: false,
  quietHoursEnabled: true,
  quietStart: '22:00',
  quietEnd: '07:00',
});

/** Minutes since midnight of 'HH:mm'. */
export const minutesOfDay = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** True when `minute` (of the day) lies in quiet hours [start, end), which may run over midnight (22:00–07:00). */
export function inQuietHours(minute: number, start: number, end: number): boolean {
  if (start === end) return false;
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

const timeOfDay = (what: string) =>
  z.string({ error: `${what} must be a time such as 07:30` }).regex(TIME_OF_DAY, { message: `${what} must be a time such as 07:30` });

const flag = (what: string) => z.boolean({ error: `${what} must be true or false` });

export const REMINDER_TIME_IN_QUIET_HOURS = 'Pick a time outside your quiet hours, or turn quiet hours off';

export const ReminderSettingsSchema = z
  .strictObject({
    dailyEnabled: flag('Daily reminder'),
    dailyTime: timeOfDay('Reminder time'),
    dailyWeekdays: z
      .array(z.number().int().min(0).max(6), { error: 'Days must be a list of weekdays (0 = Sunday … 6 = Saturday)' })
      .max(7)
      .refine((days) => new Set(days).size === days.length, { message: 'Each day may be listed once' }),
    dailyEmail: flag('E-mail'),
    dailyPush: flag('Push'),
    weeklyReportEnabled: flag('Weekly report'),
    quietHoursEnabled: flag('Quiet hours'),
    quietStart: timeOfDay('Start of quiet hours'),
    quietEnd: timeOfDay('End of quiet hours'),
  })
  .superRefine((s, ctx) => {
    if (!s.dailyEnabled) return;
    if (s.dailyWeekdays.length === 0) ctx.addIssue({ code: 'custom', path: ['dailyWeekdays'], message: 'Choose at least one day' });
    if (!s.dailyEmail && !s.dailyPush)
      ctx.addIssue({ code: 'custom', path: ['dailyEmail'], message: 'Choose e-mail, push notifications or both' });
    if (s.quietHoursEnabled && TIME_OF_DAY.test(s.dailyTime) && TIME_OF_DAY.test(s.quietStart) && TIME_OF_DAY.test(s.quietEnd)) {
      if (inQuietHours(minutesOfDay(s.dailyTime), minutesOfDay(s.quietStart), minutesOfDay(s.quietEnd)))
        ctx.addIssue({ code: 'custom', path: ['dailyTime'], message: REMINDER_TIME_IN_QUIET_HOURS });
    }
  })
  .meta({ id: 'ReminderSettings' });

export const RemindersSchema = z
  .object({
    settings: ReminderSettingsSchema,
    /** Web push on this server: the VAPID public key a browser subscribes with, or null when push is off. */
    push: z.object({ available: z.boolean(), publicKey: z.string().nullable() }),
    /** When the next daily reminder and weekly report are due (instants), or null when off. */
    nextDailyAt: dateTime().nullable(),
    nextWeeklyReportAt: dateTime().nullable(),
  })
  .meta({ id: 'Reminders' });

const base64url = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} must be a string` })
    .min(min, { message: `${what} is not a valid key` })
    .max(max, { message: `${what} is not a valid key` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { message: `${what} is not a valid key` });

/** What PushSubscription.toJSON() gives, plus a name for the device. */
export const CreatePushSubscriptionSchema = z
  .strictObject({
    endpoint: z
      .string({ error: 'Endpoint must be a string' })
      .max(2048, { message: 'Endpoint must be at most 2048 characters' })
      // as stored and indexed: UTF-8 bytes (2048 characters of another script would outgrow the index)
      .refine((s) => new TextEncoder().encode(s).length <= 2048, { message: 'Endpoint must be at most 2048 characters' })
      // a URL as browsers give it holds no controls, spaces or half surrogate pairs (the database refuses a NUL; the
      // URL parser would silently drop a tab)
      .refine((s) => isPlainUrl(s) && URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), {
        message: 'Endpoint must be an https URL',
      }),
    expirationTime: z.number().nullable().optional(),
    keys: z.strictObject({ p256dh: base64url('p256dh', 80, 100), auth: base64url('auth', 16, 32) }),
    device: z
      .string({ error: 'Device must be a string' })
      .max(100, { message: 'Device must be at most 100 characters' })
      .refine((s) => !hasNul(s), { message: 'Device must not contain NUL characters' })
      .refine((s) => !hasLoneSurrogate(s), { message: 'Device holds a broken character (half of a surrogate pair)' })
      .optional(),
  })
  .meta({ id: 'CreatePushSubscription' });

export const PushDeviceSchema = z
  .object({ id: uuid(), device: z.string(), createdAt: dateTime(), lastUsedAt: dateTime().nullable() })
  .meta({ id: 'PushDevice' });

export const PushTestResultSchema = z.object({ delivered: z.number().int(), removed: z.number().int() }).meta({ id: 'PushTestResult' });

export type ReminderSettings = z.infer<typeof ReminderSettingsSchema>;
export type Reminders = z.infer<typeof RemindersSchema>;
export type CreatePushSubscription = z.infer<typeof CreatePushSubscriptionSchema>;
export type PushDevice = z.infer<typeof PushDeviceSchema>;
export type PushTestResult = z.infer<typeof PushTestResultSchema>;
