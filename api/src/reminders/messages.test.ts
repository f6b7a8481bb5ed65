import { describe, expect, it } from 'vitest';
import { lbToKg } from '@app/contract';
import { dailyReminderMail, dateRange, longDate, trendWords, weeklyFacts, weeklyReportMail, type WeeklyInput } from './messages.js';

const links = { appUrl: 'https://app.example', unsubscribeUrl: 'https://app.example/api/unsubscribe/abc' };
const days = (from: string, count: number, kg: (i: number) => number) =>
  Array.from({ length: count }, (_, i) => ({
    date: new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
    weightKg: kg(i),
  }));

describe('dates in e-mails', () => {
  it('long dates and week ranges', () => {
    expect(longDate('2026-11-23')).toBe('Monday 23 November');
    expect(dateRange('2026-11-16', '2026-11-22')).toBe('16–22 Nov 2026');
    expect(dateRange('2026-11-30', '2026-12-06')).toBe('30 Nov – 6 Dec 2026');
    expect(dateRange('2026-12-28', '2027-01-03')).toBe('28 Dec 2026 – 3 Jan 2027');
  });
});

describe('the daily reminder e-mail', () => {
  it('says which day, links to the app, and how to unsubscribe, in text and HTML (names escaped)', () => {
    const m = dailyReminderMail('Ada <script>', '2026-11-23', '07:30', links);
    expect(m.subject).toBe('Time to weigh in');
    expect(m.text).toContain("You haven't logged your weight today, Monday 23 November.");
    expect(m.text).toContain('https://app.example/dashboard/overview');
    expect(m.text).toContain('Unsubscribe from these e-mails with one click: https://app.example/api/unsubscribe/abc');
    expect(m.html).toContain('Hello Ada &#60;script&#62;,');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('<a href="https://app.example/api/unsubscribe/abc">Unsubscribe from these e-mails</a>');
  });
});

describe('the weekly report', () => {
  const input = (over: Partial<WeeklyInput>): WeeklyInput => ({
    firstName: 'Ada',
    unit: 'METRIC',
    dueDate: '2026-11-23',
    entries: [],
    goal: null,
    ...over,
  });

  it('nothing to report without entries in either week', () => {
    expect(weeklyFacts(input({ entries: days('2026-10-01', 10, () => 80) }))).toBeNull();
  });

  it('in pounds, with no week before to compare', () => {
    const entries = days('2026-11-16', 7, (i) => 90 - i * 0.2);
    const i = input({ unit: 'IMPERIAL', entries });
    const facts = weeklyFacts(i)!;
    expect(facts.entries).toBe(7);
    expect(facts.previousAverage).toBeNull();
    const m = weeklyReportMail(i, facts, links);
    expect(m.subject).toBe('Your week: 197.1 lb on average');
    expect(m.text).toContain('Average: 197.1 lb (nothing logged the week before)');
    expect(m.text).toMatch(/Trend: losing \d\.\d lb a week/);
    expect(m.text).toContain('Entries logged: 7 of 7 days');
  });

  it('the change is the one between the averages as shown: 80.04 after 79.96 kg is 80.0 after 80.0, the same', () => {
    const entries = [...days('2026-11-09', 7, () => 79.96), ...days('2026-11-16', 7, () => 80.04)];
    const i = input({ entries });
    const m = weeklyReportMail(i, weeklyFacts(i)!, links);
    expect(m.subject).toBe('Your week: 80.0 kg on average, the same as last week');
    expect(m.text).toContain('Average: 80.0 kg (last week 80.0 kg: the same as last week)');
    // and 80.04 after 79.86 (80.0 after 79.9) is 0.1 up, though the averages are 0.18 apart
    const up = input({ entries: [...days('2026-11-09', 7, () => 79.86), ...days('2026-11-16', 7, () => 80.04)] });
    expect(weeklyReportMail(up, weeklyFacts(up)!, links).text).toContain('Average: 80.0 kg (last week 79.9 kg: 0.1 kg up)');
  });

  it('pounds round as the app rounds them: 150.0 and 150.1 lb average 150.1 lb', () => {
    const lb = (i: number) => lbToKg(i % 2 === 0 ? 150 : 150.1);
    const i = input({ unit: 'IMPERIAL', entries: [...days('2026-11-08', 8, lb), ...days('2026-11-16', 2, lb)] });
    const m = weeklyReportMail(i, weeklyFacts(i)!, links);
    expect(m.subject).toBe('Your week: 150.1 lb on average, the same as last week');
    expect(m.text).toContain('Average: 150.1 lb (last week 150.1 lb: the same as last week)');
  });

  it('a week with no weights after one with some', () => {
    const i = input({ entries: days('2026-11-09', 3, () => 80) });
    const facts = weeklyFacts(i)!;
    const m = weeklyReportMail(i, facts, links);
    expect(m.subject).toBe('Your week: no weights logged');
    expect(m.text).toContain('Average: no weights logged (last week 80.0 kg)');
    expect(m.text).toContain('Trend: log at least 3 weights in 14 days to see your rate');
    expect(m.text).toContain('Entries logged: 0 of 7 days');
  });

  it('entries after the reported week do not count; a reached goal says so', () => {
    const entries = [...days('2026-11-09', 14, () => 75), { date: '2026-11-23', weightKg: 99 }];
    const i = input({ entries, goal: { targetWeightKg: 75.5, startWeightKg: 80, targetDate: '2027-01-01' } });
    const facts = weeklyFacts(i)!;
    expect(facts.average).toBe(75);
    const m = weeklyReportMail(i, facts, links);
    expect(m.subject).toBe('Your week: 75.0 kg on average, the same as last week');
    expect(m.text).toContain('Trend: holding steady');
    expect(m.text).toContain("Goal 75.5 kg: You've reached your target.");
  });

  it('a drift that reads "holding steady" in the user’s unit is not called moving away; in pounds it is', () => {
    // 21 days rising 0.008 kg a day up to the report's week end: the trend's rate is 0.0058 kg a day, 0.041 kg a
    // week (0.0 kg) or 0.089 lb (0.1 lb), away from a goal of losing to 72 kg
    const entries = days('2026-11-02', 21, (i) => Math.round((80 + i * 0.008) * 100) / 100);
    const goal = { targetWeightKg: 72, startWeightKg: 82 };
    const kg = weeklyReportMail(input({ entries, goal }), weeklyFacts(input({ entries, goal }))!, links);
    expect(kg.text).toContain('Trend: holding steady');
    expect(kg.text).toContain('Goal 72.0 kg: Your weight is holding steady, so there is no date to forecast yet.');
    const lb = weeklyReportMail(
      input({ entries, goal, unit: 'IMPERIAL' }),
      weeklyFacts(input({ entries, goal, unit: 'IMPERIAL' }))!,
      links,
    );
    expect(lb.text).toContain('Trend: gaining 0.1 lb a week');
    expect(lb.text).toContain('Goal 158.7 lb: Your trend is moving away from your target.');
  });

  it('trend words round in the user’s unit', () => {
    expect(trendWords(-0.04, 'METRIC')).toBe('holding steady');
    expect(trendWords(-0.45, 'METRIC')).toBe('losing 0.5 kg a week');
    expect(trendWords(0.2, 'IMPERIAL')).toBe('gaining 0.4 lb a week');
  });
});
