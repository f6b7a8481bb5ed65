/**
 * What reminders and weekly reports say: pure functions of the user's data, in their unit. The trend, its rate and
 * the goal forecast are the contract's, the same the overview and analytics screens show.
 */
import {
  computeTrend,
  forecastFromRate,
  formatForecastRange,
  formatSchedule,
  latestTrendKg,
  notOnTrackWords,
  roundTo1,
  shownWeight,
  trendRate,
  weekdayOf,
  WEEKDAY_NAMES,
  type ForecastGoal,
  type TrendReading,
} from '@app/contract';
import type { PushMessage } from '../push/sender.js';
import { reportWeeks } from './schedule.js';

export type Unit = 'METRIC' | 'IMPERIAL';
export type MailContent = { subject: string; text: string; html: string };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));

/** 'Monday 23 November' */
export function longDate(date: string): string {
  return `${WEEKDAY_NAMES[weekdayOf(date)]} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1]}`;
}

/** '16–22 Nov 2026', '28 Dec 2026 – 3 Jan 2027' */
export function dateRange(start: string, end: string): string {
  const day = (d: string) => Number(d.slice(8, 10));
  const month = (d: string) => SHORT_MONTHS[Number(d.slice(5, 7)) - 1];
  if (start.slice(0, 4) !== end.slice(0, 4))
    return `${day(start)} ${month(start)} ${start.slice(0, 4)} – ${day(end)} ${month(end)} ${end.slice(0, 4)}`;
  if (start.slice(0, 7) !== end.slice(0, 7)) return `${day(start)} ${month(start)} – ${day(end)} ${month(end)} ${end.slice(0, 4)}`;
  return `${day(start)}–${day(end)} ${month(end)} ${end.slice(0, 4)}`;
}

const unitLabel = (unit: Unit) => (unit === 'IMPERIAL' ? 'lb' : 'kg');
/** A weight in the user's unit with one decimal, rounded as the app rounds it: '80.4 kg'. */
export const weight = (kg: number, unit: Unit) => `${shownWeight(kg, unit).toFixed(1)} ${unitLabel(unit)}`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Links = { appUrl: string; unsubscribeUrl: string };

function footerText(reason: string, unsubscribeUrl: string): string[] {
  return ['', '--', reason, `Unsubscribe from these e-mails with one click: ${unsubscribeUrl}`];
}

/** A plain, readable HTML version of the same lines (no images, no tracking). */
function html(
  title: string,
  lines: Array<string | { href: string; text: string }>,
  footer: { reason: string; unsubscribeUrl: string },
): string {
  const body = lines
    .map((l) =>
      typeof l === 'string'
        ? l === ''
          ? ''
          : `<p>${escapeHtml(l)}</p>`
        : `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.text)}</a></p>`,
    )
    .join('\n');
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    '<body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1f2937; max-width: 36rem">',
    body,
    `<hr><p style="font-size: 0.875rem; color: #4b5563">${escapeHtml(footer.reason)}<br>`,
    `<a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe from these e-mails</a></p>`,
    '</body></html>',
  ].join('\n');
}

export const DAILY_SUBJECT = 'Time to weigh in';

export function dailyReminderMail(firstName: string, date: string, time: string, links: Links): MailContent {
  const logUrl = `${links.appUrl}/dashboard/overview`;
  const reason = `You get this reminder at ${time} on the days you chose in Settings → Reminders, when you have not logged a weight yet.`;
  const lines = [`Hello ${firstName},`, '', `You haven't logged your weight today, ${longDate(date)}. It takes a few seconds:`];
  return {
    subject: DAILY_SUBJECT,
    text: [...lines, logUrl, ...footerText(reason, links.unsubscribeUrl)].join('\n'),
    html: html(DAILY_SUBJECT, [...lines, { href: logUrl, text: 'Log your weight' }], { reason, unsubscribeUrl: links.unsubscribeUrl }),
  };
}

export function dailyReminderPush(): PushMessage {
  return { title: DAILY_SUBJECT, body: "You haven't logged your weight today.", url: '/dashboard/overview', tag: 'daily-reminder' };
}

export function testPush(): PushMessage {
  return { title: 'Notifications are on', body: 'This device will get your weigh-in reminders.', url: '/dashboard/settings', tag: 'test' };
}

export type WeeklyInput = {
  firstName: string;
  unit: Unit;
  /** The day the report is for: the first day of the new week, in the user's time zone. */
  dueDate: string;
  /** Every entry up to the end of the reported week (any order). */
  entries: readonly TrendReading[];
  goal: ForecastGoal | null;
};

export type WeeklyFacts = {
  week: { start: string; end: string };
  average: number | null;
  previousAverage: number | null;
  entries: number;
  /** Trend change per week in kg (negative = losing), or null without enough readings. */
  ratePerWeekKg: number | null;
  forecast: string | null;
};

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

/** The numbers of a weekly report, or null when neither this week nor the one before has an entry. */
export function weeklyFacts(input: WeeklyInput): WeeklyFacts | null {
  const { week, previous } = reportWeeks(input.dueDate);
  const upToEnd = input.entries.filter((e) => e.date <= week.end);
  const inWeek = upToEnd.filter((e) => e.date >= week.start);
  const inPrevious = upToEnd.filter((e) => e.date >= previous.start && e.date <= previous.end);
  if (inWeek.length === 0 && inPrevious.length === 0) return null;
  const points = computeTrend(upToEnd);
  const last = points[points.length - 1];
  // the rate only speaks for this week when it rests on readings of it
  const rate = last && last.date >= week.start ? trendRate(points) : ({ kind: 'insufficient', count: 0 } as const);
  let forecast: string | null = null;
  if (input.goal && last && last.date >= week.start) {
    const f = forecastFromRate(latestTrendKg(points), last.date, rate, input.goal);
    const target = `Goal ${weight(input.goal.targetWeightKg, input.unit)}`;
    if (f.kind === 'on-track')
      forecast = `${target}: ${formatForecastRange(f, input.dueDate)}${f.schedule ? `, ${formatSchedule(f.schedule)}` : ''}`;
    // beside "Trend: holding steady" a trend drifting away by less than 0.05 a week is steady too
    else
      forecast = `${target}: ${notOnTrackWords(f, rate.kind === 'rate' && trendWords(rate.kgPerDay * 7, input.unit) === 'holding steady')}`;
  }
  return {
    week,
    average: mean(inWeek.map((e) => e.weightKg)),
    previousAverage: mean(inPrevious.map((e) => e.weightKg)),
    entries: new Set(inWeek.map((e) => e.date)).size,
    ratePerWeekKg: rate.kind === 'rate' ? rate.kgPerDay * 7 : null,
    forecast,
  };
}

/** 'losing 0.4 kg a week', 'gaining 0.2 lb a week', 'holding steady' (under 0.05 in the user's unit). */
export function trendWords(ratePerWeekKg: number, unit: Unit): string {
  const shown = shownWeight(Math.abs(ratePerWeekKg), unit);
  if (shown === 0) return 'holding steady';
  return `${ratePerWeekKg < 0 ? 'losing' : 'gaining'} ${shown.toFixed(1)} ${unitLabel(unit)} a week`;
}

export function weeklyReportMail(input: WeeklyInput, facts: WeeklyFacts, links: Links): MailContent {
  const { unit } = input;
  // the change between the two averages as shown (each rounded to 0.1 in the reader's unit), so the lines agree
  const change =
    facts.average !== null && facts.previousAverage !== null
      ? roundTo1(shownWeight(facts.average, unit) - shownWeight(facts.previousAverage, unit))
      : null;
  const changeWords =
    change === null
      ? ''
      : change === 0
        ? 'the same as last week'
        : `${Math.abs(change).toFixed(1)} ${unitLabel(unit)} ${change < 0 ? 'down' : 'up'}`;
  const subject =
    facts.average === null
      ? 'Your week: no weights logged'
      : `Your week: ${weight(facts.average, unit)} on average${change === null ? '' : `, ${changeWords}`}`;
  const averageLine =
    facts.average === null
      ? `Average: no weights logged (last week ${weight(facts.previousAverage!, unit)})`
      : facts.previousAverage === null
        ? `Average: ${weight(facts.average, unit)} (nothing logged the week before)`
        : `Average: ${weight(facts.average, unit)} (last week ${weight(facts.previousAverage, unit)}: ${changeWords})`;
  const lines = [
    `Hello ${input.firstName},`,
    '',
    `Your week, ${dateRange(facts.week.start, facts.week.end)}:`,
    '',
    averageLine,
    `Trend: ${facts.ratePerWeekKg === null ? 'log at least 3 weights in 14 days to see your rate' : trendWords(facts.ratePerWeekKg, unit)}`,
    ...(facts.forecast ? [facts.forecast] : []),
    `Entries logged: ${facts.entries} of 7 days`,
    '',
  ];
  const overview = `${links.appUrl}/dashboard/overview`;
  const reason = 'You get this report every week because you turned it on in Settings → Reminders.';
  return {
    subject,
    text: [...lines, `See your progress: ${overview}`, ...footerText(reason, links.unsubscribeUrl)].join('\n'),
    html: html(subject, [...lines, { href: overview, text: 'See your progress' }], { reason, unsubscribeUrl: links.unsubscribeUrl }),
  };
}
