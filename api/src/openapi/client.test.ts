import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import createClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { describeDb, testConfig, uniqueEmail, GOOD_PASSWORD } from '../test/harness.js';
import { CLIENT_TYPES_FILE, generateClientTypes, openApiDocument } from './client-types.js';
import type { paths } from './client-types.generated.js';

describe('the OpenAPI document, for third-party toolchains', () => {
  it("passes Redocly's lint with its recommended rules: no error, no warning", async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(await openApiDocument(testConfig())));
    const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--format=json'], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('components used nullable somewhere stay what they are: Goal and ReminderSettings are objects, never null', async () => {
    const doc = (await openApiDocument(testConfig())) as { components: { schemas: Record<string, { type?: unknown }> } };
    for (const name of ['Goal', 'ReminderSettings']) expect(doc.components.schemas[name]?.type, name).toBe('object');
    const source = readFileSync(CLIENT_TYPES_FILE, 'utf8');
    for (const name of ['Goal', 'ReminderSettings']) {
      const body = new RegExp(`\\n {8}${name}: \\{\\n[\\s\\S]*?\\n {8}\\}(.*);\\n`).exec(source);
      expect(body?.[1], name).toBe('');
    }
  });

  it('the committed client types are what openapi-typescript makes of the current document', async () => {
    const fresh = await generateClientTypes(await openApiDocument(testConfig()));
    // run `npm run openapi:client --workspace api` after changing a route
    expect(readFileSync(CLIENT_TYPES_FILE, 'utf8')).toBe(fresh);
  });
});

describeDb('a client generated from the OpenAPI document (openapi-fetch)', (ctx) => {
  it('runs a whole journey, type-checked against the generated types', async () => {
    let cookie = '';
    const client = createClient<paths>({
      baseUrl: 'http://api.local',
      fetch: async (req: Request) => {
        if (cookie) req.headers.set('cookie', cookie);
        const res = await ctx.app.fetch(req, { incoming: { socket: { remoteAddress: '198.51.100.20' } } });
        const set = res.headers.get('set-cookie');
        if (set) cookie = set.split(';')[0]!;
        return res;
      },
    });
    const email = uniqueEmail('generated');
    const registered = await client.POST('/api/auth/register', {
      body: { firstName: 'Gen', lastName: 'Erated', email, password: GOOD_PASSWORD },
    });
    expect(registered.response.status).toBe(201);
    const auth = { headers: { authorization: `Bearer ${registered.data!.accessToken}` } };

    for (const [date, weightKg] of [
      ['2026-09-01', 80.4],
      ['2026-09-02', 80.1],
      ['2026-09-08', 79.7],
    ] as const) {
      const saved = await client.POST('/api/weights', { ...auth, body: { date, weightKg, notes: `on ${date}` } });
      expect(saved.data).toMatchObject({ date, weightKg });
    }
    const list = await client.GET('/api/weights', { ...auth, params: { query: { start_date: '2026-09-01', end_date: '2026-09-30' } } });
    expect(list.data!.map((e) => e.date)).toEqual(['2026-09-01', '2026-09-02', '2026-09-08']);

    const weekly = await client.GET('/api/weights/average/{period}', {
      ...auth,
      params: { path: { period: 'weekly' }, query: { start_date: '2026-09-01', end_date: '2026-09-30', week_starts_on: '1' } },
    });
    expect(weekly.data!.map((w) => [w.week, w.count, w.start])).toEqual([
      ['2026-36', 2, '2026-08-31'],
      ['2026-37', 1, '2026-09-07'],
    ]);

    const goal = await client.PATCH('/api/goals', {
      ...auth,
      body: { startWeightKg: 81, targetWeightKg: 75, startDate: '2026-09-01', targetDate: '2027-03-01' },
    });
    expect(goal.data).toMatchObject({ targetWeightKg: 75 });

    const invalid = await client.POST('/api/weights', { ...auth, body: { date: '2026-02-30', weightKg: 80 } });
    expect(invalid.response.status).toBe(422);
    expect(invalid.error!.error.details).toEqual([{ field: 'date', issue: 'Date must be a real calendar date (yyyy-MM-dd)' }]);

    const refreshed = await client.GET('/api/auth/token');
    expect(refreshed.data!.accessToken).toEqual(expect.any(String));
    expect((await client.POST('/api/auth/logout')).response.status).toBe(204);
    expect((await client.GET('/api/auth/token')).response.status).toBe(401);
  });
});
