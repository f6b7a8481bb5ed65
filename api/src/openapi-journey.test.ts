import { expect, it } from 'vitest';
import { call, describeDb, type Res, type TestApp } from './test/harness.js';

/**
 * A third-party client that knows nothing but /api/openapi.json: it finds each operation by its
 * summary, builds the request from the documented path, parameters and body schema, and checks
 * that every answer is a documented status carrying the documented required fields. If the
 * document drifts from the API, this journey breaks.
 */
type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Operation = {
  summary: string;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

class OpenApiClient {
  constructor(
    private readonly app: TestApp,
    private readonly doc: Doc,
  ) {}

  private resolve(schema: Schema): Schema {
    if (schema.$ref) return this.resolve(this.doc.components.schemas[schema.$ref.split('/').pop()!]);
    const variant = schema.anyOf ?? schema.oneOf;
    if (variant) return this.resolve(variant.find((s) => s.type !== 'null') ?? variant[0]);
    return schema;
  }

  private find(summary: string): { method: string; path: string; op: Operation } {
    for (const [path, ops] of Object.entries(this.doc.paths)) {
      for (const [method, op] of Object.entries(ops)) if (op.summary === summary) return { method: method.toUpperCase(), path, op };
    }
    throw new Error(`no operation documented as "${summary}"`);
  }

  async send(
    summary: string,
    o: {
      path?: Record<string, string>;
      query?: Record<string, string | number>;
      body?: Record<string, unknown>;
      token?: string;
      cookie?: string;
    } = {},
  ): Promise<Res> {
    const { method, path, op } = this.find(summary);
    const params = op.parameters ?? [];
    const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
      expect(
        params.some((p) => p.in === 'path' && p.name === name),
        `${summary}: path parameter ${name}`,
      ).toBe(true);
      return encodeURIComponent(o.path?.[name] ?? '');
    });
    for (const name of Object.keys(o.query ?? {})) {
      expect(
        params.some((p) => p.in === 'query' && p.name === name),
        `${summary}: query parameter ${name}`,
      ).toBe(true);
    }
    if (o.body) {
      const schema = this.resolve(op.requestBody!.content['application/json'].schema);
      for (const field of Object.keys(o.body)) expect(schema.properties, `${summary}: body field ${field}`).toHaveProperty(field);
      for (const field of schema.required ?? []) expect(o.body, `${summary}: required body field ${field}`).toHaveProperty(field);
    }
    const search = o.query ? '?' + new URLSearchParams(Object.entries(o.query).map(([k, v]): [string, string] => [k, String(v)])) : '';
    const res = await call(this.app, method, url + search, { body: o.body, token: o.token, cookie: o.cookie });

    const documented = op.responses[String(res.status)];
    expect(documented, `${summary}: status ${res.status} is documented`).toBeDefined();
    const schema = documented.content?.['application/json']?.schema;
    if (schema && res.status < 300) this.checkShape(summary, this.resolve(schema), res.body);
    return res;
  }

  private checkShape(summary: string, schema: Schema, value: unknown) {
    if (schema.type === 'array' && schema.items) {
      expect(Array.isArray(value), `${summary}: array`).toBe(true);
      for (const item of value as unknown[]) this.checkShape(summary, this.resolve(schema.items), item);
      return;
    }
    for (const field of schema.required ?? []) expect(value, `${summary}: response field ${field}`).toHaveProperty(field);
  }
}

describeDb('a client written from /api/openapi.json', (ctx) => {
  it('registers, logs a month of entries, sets a goal, reads averages and logs out', async () => {
    const docRes = await call(ctx.app, 'GET', '/api/openapi.json');
    const api = new OpenApiClient(ctx.app, docRes.body as Doc);

    const registered = await api.send('Create an account', {
      body: { firstName: 'Journey', lastName: 'Client', email: 'journey.client@example.com', password: 'plum-Tractor-9-orbit' },
    });
    expect(registered.status).toBe(201);
    const token = registered.body.accessToken as string;

    // A month of entries: 1..30 September 2026, 80.0 kg falling by 0.1 kg a day.
    for (let day = 1; day <= 30; day++) {
      const date = `2026-09-${String(day).padStart(2, '0')}`;
      const saved = await api.send('Create or replace the entry of a date', {
        token,
        body: { date, weightKg: Math.round((80 - (day - 1) * 0.1) * 10) / 10, notes: day === 1 ? 'start' : undefined },
      });
      expect(saved.status).toBe(201);
    }
    const list = await api.send('List entries', { token, query: { start_date: '2026-09-01', end_date: '2026-09-30' } });
    expect(list.body).toHaveLength(30);
    expect(list.body[0]).toMatchObject({ date: '2026-09-01', weightKg: 80, notes: 'start' });

    const goal = await api.send('Create or update the goal', {
      token,
      body: { startWeightKg: 80, targetWeightKg: 75, startDate: '2026-09-01', targetDate: '2026-12-31' },
    });
    expect(goal.status).toBe(200);
    expect((await api.send("The user's goal", { token })).body).toMatchObject({ targetWeightKg: 75 });

    // September 2026: 30 readings from 80.0 to 77.1 → mean 78.55, unrounded on the wire.
    const monthly = await api.send('Weekly, monthly or yearly averages', {
      token,
      path: { period: 'monthly' },
      query: { start_date: '2026-09-01', end_date: '2026-09-30' },
    });
    expect(monthly.body).toEqual([
      { month: '2026-09', average: expect.closeTo(78.55, 10), count: 30, start: '2026-09-01', end: '2026-09-30' },
    ]);
    // ISO weeks with Monday starts: 1-6 Sep is week 36 (Tue-Sun, 6 days), 28-30 Sep week 40 (3 days).
    const weekly = await api.send('Weekly, monthly or yearly averages', {
      token,
      path: { period: 'weekly' },
      query: { start_date: '2026-09-01', end_date: '2026-09-30', week_starts_on: 1 },
    });
    expect(weekly.body.map((w: { week: string; count: number }) => [w.week, w.count])).toEqual([
      ['2026-36', 6],
      ['2026-37', 7],
      ['2026-38', 7],
      ['2026-39', 7],
      ['2026-40', 3],
    ]);

    const out = await api.send('Log out', { cookie: registered.cookie });
    expect(out.status).toBe(204);
    expect((await api.send('Refresh the access token', { cookie: registered.cookie })).status).toBe(401);
  });
});
