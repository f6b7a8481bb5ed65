import { describe, expect, it } from 'vitest';
import { Zone } from '../import/zone.js';
import {
  dailyDecision,
  instantOf,
  nextDaily,
  nextDailyAt,
  nextWeeklyAt,
  occurrenceDate,
  reportWeeks,
  weekdaysToMask,
  weeklyDecision,
  weeklyReportMinute,
  type Schedule,
} from './schedule.js';

const at = (iso: string) => Date.parse(iso);
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());
const EVERY_DAY = weekdaysToMask([0, 1, 2, 3, 4, 5, 6]);
const base: Schedule = {
  dailyEnabled: true,
  dailyTime: 7 * 60 + 30,
  dailyWeekdays: EVERY_DAY,
  weeklyReportEnabled: true,
  quietHoursEnabled: true,
  quietStart: 22 * 60,
  quietEnd: 7 * 60,
};
const none = () => false;

describe('a reminder at 07:30 local time fires at 07:30 on both sides of a clock change', () => {
  const cases: Array<[zone: string, before: string, after: string]> = [
    // Europe/London: clocks go forward 2026-03-29 01:00 GMT, back 2026-10-25 02:00 BST
    ['Europe/London', '2026-03-28T07:30:00.000Z', '2026-03-29T06:30:00.000Z'],
    ['Europe/London', '2026-10-24T06:30:00.000Z', '2026-10-25T07:30:00.000Z'],
    // America/New_York: forward 2026-03-08, back 2026-11-01
    ['America/New_York', '2026-03-07T12:30:00.000Z', '2026-03-08T11:30:00.000Z'],
    ['America/New_York', '2026-10-31T11:30:00.000Z', '2026-11-01T12:30:00.000Z'],
    // Australia/Sydney (southern hemisphere): back 2026-04-05, forward 2026-10-04
    ['Australia/Sydney', '2026-04-03T20:30:00.000Z', '2026-04-04T21:30:00.000Z'],
    ['Australia/Sydney', '2026-10-02T21:30:00.000Z', '2026-10-03T20:30:00.000Z'],
  ];
  it.each(cases)('%s: %s then %s', (name, before, after) => {
    const zone = new Zone(name);
    const first = nextDailyAt(base, zone, at(before) - 60_000);
    expect(iso(first)).toBe(before);
    expect(iso(nextDailyAt(base, zone, first!))).toBe(after);
    for (const t of [first!, at(after)]) {
      const parts = new Intl.DateTimeFormat('en-GB', { timeZone: name, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(t);
      expect(parts).toBe('07:30');
    }
  });
});

describe('wall times a clock change skips or repeats', () => {
  const london = new Zone('Europe/London');
  it('01:30 on the day clocks go forward (01:00 → 02:00) is 02:30 after the change, an hour after midnight UTC', () => {
    expect(iso(instantOf('2026-03-29', 90, london))).toBe('2026-03-29T01:30:00.000Z');
  });
  it('01:30 on the day clocks go back happens twice: the first one counts', () => {
    expect(iso(instantOf('2026-10-25', 90, london))).toBe('2026-10-25T00:30:00.000Z');
  });
  it('each reminder fires once on a day with a repeated hour', () => {
    const s = { ...base, dailyTime: 90, quietHoursEnabled: false };
    const first = nextDailyAt(s, london, at('2026-10-24T23:00:00Z'))!;
    expect(iso(first)).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(nextDailyAt(s, london, first))).toBe('2026-10-26T01:30:00.000Z');
  });
  it('a zone without a clock change and one east of UTC', () => {
    expect(iso(instantOf('2026-07-01', 450, new Zone('UTC')))).toBe('2026-07-01T07:30:00.000Z');
    expect(iso(instantOf('2026-07-01', 450, new Zone('Asia/Kolkata')))).toBe('2026-07-01T02:00:00.000Z');
  });
});

describe('a reminder time a clock change skips', () => {
  // America/Nuuk: clocks go from 23:00 on Saturday 2026-03-28 to 00:00 on Sunday (01:00 UTC)
  const nuuk = new Zone('America/Nuuk');
  const late = { ...base, dailyTime: 23 * 60 + 30, quietHoursEnabled: false };
  it("23:30 skipped up to midnight comes when the skipped hour ends, as Saturday's reminder", () => {
    expect(iso(instantOf('2026-03-28', 23 * 60 + 30, nuuk))).toBe('2026-03-29T01:00:00.000Z');
    expect(occurrenceDate(at('2026-03-29T01:00:00Z'), 23 * 60 + 30, nuuk)).toBe('2026-03-28');
    const saturday = nextDaily(late, nuuk, at('2026-03-28T12:00:00Z'));
    expect(saturday && { at: iso(saturday.at), date: saturday.date }).toEqual({ at: '2026-03-29T01:00:00.000Z', date: '2026-03-28' });
    const sunday = nextDaily(late, nuuk, saturday!.at);
    expect(sunday && { at: iso(sunday.at), date: sunday.date }).toEqual({ at: '2026-03-30T00:30:00.000Z', date: '2026-03-29' });
  });
  it("Saturday's moved reminder is sent for Saturday, and Sunday's own for Sunday", () => {
    const seen: string[] = [];
    const dueSat = at('2026-03-29T01:00:00Z');
    expect(dailyDecision(late, nuuk, dueSat, dueSat + 5_000, (d) => (seen.push(d), false))).toEqual({ send: true, period: '2026-03-28' });
    expect(seen).toEqual(['2026-03-28']);
    const dueSun = at('2026-03-30T00:30:00Z');
    expect(dailyDecision(late, nuuk, dueSun, dueSun + 5_000, none)).toEqual({ send: true, period: '2026-03-29' });
  });
  it("a user who chose Saturday only gets Saturday's", () => {
    const saturdays = { ...late, dailyWeekdays: weekdaysToMask([6]) };
    expect(iso(nextDailyAt(saturdays, nuuk, at('2026-03-28T12:00:00Z')))).toBe('2026-03-29T01:00:00.000Z');
    const due = at('2026-03-29T01:00:00Z');
    expect(dailyDecision(saturdays, nuuk, due, due + 5_000, none)).toEqual({ send: true, period: '2026-03-28' });
    const sundays = { ...late, dailyWeekdays: weekdaysToMask([0]) };
    expect(dailyDecision(sundays, nuuk, due, due + 5_000, none)).toEqual({ send: false, reason: 'weekday' });
  });
  it('02:30 skipped comes an hour later that day, even inside quiet hours 03:00–07:00', () => {
    const ny = new Zone('America/New_York');
    const s = { ...base, dailyTime: 2 * 60 + 30, quietStart: 3 * 60, quietEnd: 7 * 60 };
    const due = nextDailyAt(s, ny, at('2026-03-07T12:00:00Z'))!;
    expect(iso(due)).toBe('2026-03-08T07:30:00.000Z'); // 03:30 EDT
    expect(dailyDecision(s, ny, due, due + 5_000, none)).toEqual({ send: true, period: '2026-03-08' });
    // a reminder at its own time still stops at quiet hours when it runs late into them
    const next = nextDailyAt(s, ny, due)!;
    expect(iso(next)).toBe('2026-03-09T06:30:00.000Z');
    expect(dailyDecision(s, ny, next, next + 40 * 60_000, none)).toEqual({ send: false, reason: 'quiet-hours' });
  });
});

describe('weekdays', () => {
  const zone = new Zone('Europe/Berlin');
  it('skips days not chosen: Monday and Thursday only', () => {
    const s = { ...base, dailyWeekdays: weekdaysToMask([1, 4]) };
    // 2026-11-21 is a Saturday
    const monday = nextDailyAt(s, zone, at('2026-11-21T12:00:00Z'));
    expect(iso(monday)).toBe('2026-11-23T06:30:00.000Z');
    expect(iso(nextDailyAt(s, zone, monday!))).toBe('2026-11-26T06:30:00.000Z');
  });
  it('no day chosen, or off: never', () => {
    expect(nextDailyAt({ ...base, dailyWeekdays: 0 }, zone, at('2026-11-21T12:00:00Z'))).toBeNull();
    expect(nextDailyAt({ ...base, dailyEnabled: false }, zone, at('2026-11-21T12:00:00Z'))).toBeNull();
  });
  it('later the same day when the time has not come yet', () => {
    expect(iso(nextDailyAt(base, zone, at('2026-11-23T05:00:00Z')))).toBe('2026-11-23T06:30:00.000Z');
  });
});

describe('due or not due when the job runs', () => {
  const zone = new Zone('Europe/London');
  const due = at('2026-11-23T07:30:00Z');
  it('due: nothing logged that day', () => {
    expect(dailyDecision(base, zone, due, due + 5_000, none)).toEqual({ send: true, period: '2026-11-23' });
  });
  it('not due: an entry is already logged for that local day', () => {
    const logged = (date: string) => date === '2026-11-23';
    expect(dailyDecision(base, zone, due, due + 5_000, logged)).toEqual({ send: false, reason: 'entry-logged' });
  });
  it('the local day decides, not the UTC one (Auckland is already on the 24th)', () => {
    const auckland = new Zone('Pacific/Auckland');
    const dueAk = instantOf('2026-11-24', 450, auckland);
    expect(new Date(dueAk).toISOString().slice(0, 10)).toBe('2026-11-23');
    const seen: string[] = [];
    expect(dailyDecision(base, auckland, dueAk, dueAk, (d) => (seen.push(d), false))).toEqual({ send: true, period: '2026-11-24' });
    expect(seen).toEqual(['2026-11-24']);
  });
  it('too late after two hours or on the next day', () => {
    expect(dailyDecision(base, zone, due, due + 2 * 3600_000 + 1, none)).toEqual({ send: false, reason: 'too-late' });
    const late = { ...base, dailyTime: 23 * 60 + 30, quietHoursEnabled: false };
    const dueLate = at('2026-11-23T23:30:00Z');
    expect(dailyDecision(late, zone, dueLate, dueLate + 45 * 60_000, none)).toEqual({ send: false, reason: 'too-late' });
  });
  it('a late reminder that reaches quiet hours is dropped', () => {
    const evening = { ...base, dailyTime: 21 * 60 + 30 };
    const dueEvening = at('2026-11-23T21:30:00Z');
    expect(dailyDecision(evening, zone, dueEvening, dueEvening + 10 * 60_000, none).send).toBe(true);
    expect(dailyDecision(evening, zone, dueEvening, dueEvening + 40 * 60_000, none)).toEqual({ send: false, reason: 'quiet-hours' });
  });
  it('turned off or the day removed after it was queued', () => {
    expect(dailyDecision({ ...base, dailyEnabled: false }, zone, due, due, none)).toEqual({ send: false, reason: 'off' });
    expect(dailyDecision({ ...base, dailyWeekdays: weekdaysToMask([0]) }, zone, due, due, none)).toEqual({
      send: false,
      reason: 'weekday',
    });
  });
});

describe('weekly report', () => {
  const zone = new Zone('America/New_York');
  it('on the first day of the week at 08:00, Monday or Sunday', () => {
    // 2026-11-21 is a Saturday
    expect(iso(nextWeeklyAt(base, 1, zone, at('2026-11-21T12:00:00Z')))).toBe('2026-11-23T13:00:00.000Z');
    expect(iso(nextWeeklyAt(base, 0, zone, at('2026-11-21T12:00:00Z')))).toBe('2026-11-22T13:00:00.000Z');
    expect(nextWeeklyAt({ ...base, weeklyReportEnabled: false }, 1, zone, 0)).toBeNull();
  });
  it('after quiet hours when they end later than 08:00', () => {
    const s = { ...base, quietEnd: 9 * 60 + 15 };
    expect(weeklyReportMinute(s)).toBe(555);
    expect(iso(nextWeeklyAt(s, 1, zone, at('2026-11-21T12:00:00Z')))).toBe('2026-11-23T14:15:00.000Z');
  });
  it('reports on the week that just ended, compared with the one before', () => {
    expect(reportWeeks('2026-11-23')).toEqual({
      week: { start: '2026-11-16', end: '2026-11-22' },
      previous: { start: '2026-11-09', end: '2026-11-15' },
    });
    const due = at('2026-11-23T13:00:00Z');
    expect(weeklyDecision(base, zone, due, due + 60_000)).toEqual({ send: true, period: '2026-11-16' });
    expect(weeklyDecision(base, zone, due, at('2026-11-24T06:00:00Z'))).toEqual({ send: false, reason: 'too-late' });
  });
});
