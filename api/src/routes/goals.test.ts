import { expect, it } from 'vitest';
import { call, describeDb, register } from '../test/harness.js';

describeDb('goals', (ctx) => {
  it('GET 404 when none; PATCH creates with all four, else 422 naming each missing field', async () => {
    const u = await register(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/goals', { token: u.token })).status).toBe(404);
    const partial = await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: { targetWeightKg: 70 } });
    expect(partial.status).toBe(422);
    expect(partial.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual(
      ['startDate', 'startWeightKg', 'targetDate'].sort(),
    );
    const empty = await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: {} });
    expect(empty.body.error.details).toHaveLength(4);
    const goal = { startWeightKg: 90, targetWeightKg: 75.5, startDate: '2026-01-01', targetDate: '2027-06-30' };
    const created = await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: goal });
    expect(created.status).toBe(200);
    expect(created.body).toEqual(goal);
    expect((await call(ctx.app, 'GET', '/api/goals', { token: u.token })).body).toEqual(goal);
    const updated = await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: { targetWeightKg: 72 } });
    expect(updated.body).toEqual({ ...goal, targetWeightKg: 72 });
  });

  it('GET ?none=null: no goal is a 200 null (the app asks so, as a browser logs every 404 as an error)', async () => {
    const u = await register(ctx.app);
    const none = await call(ctx.app, 'GET', '/api/goals?none=null', { token: u.token });
    expect(none.status).toBe(200);
    expect(none.body).toBeNull();
    expect((await call(ctx.app, 'GET', '/api/goals?none=maybe', { token: u.token })).status).toBe(422);
    const goal = { startWeightKg: 90, targetWeightKg: 75.5, startDate: '2026-01-01', targetDate: '2027-06-30' };
    await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: goal });
    expect((await call(ctx.app, 'GET', '/api/goals?none=null', { token: u.token })).body).toEqual(goal);
    const other = await register(ctx.app);
    expect((await call(ctx.app, 'GET', '/api/goals?none=null', { token: other.token })).body).toBeNull();
  });

  it('validates goal fields', async () => {
    const u = await register(ctx.app);
    for (const [body, field] of [
      [{ startWeightKg: -5 }, 'startWeightKg'],
      [{ targetWeightKg: '70' }, 'targetWeightKg'],
      [{ startDate: '2025-02-30' }, 'startDate'],
      [{ targetDate: 'soon' }, 'targetDate'],
      [{ userId: 'x' }, 'userId'],
    ] as const) {
      const r = await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body });
      expect(r.status).toBe(422);
      expect(r.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    }
  });

  it('a goal ends on or after the day it starts, whichever date a PATCH changes', async () => {
    const u = await register(ctx.app);
    const goal = { startWeightKg: 90, targetWeightKg: 80, startDate: '2025-03-01', targetDate: '2025-09-01' };
    const backwards = await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: { ...goal, targetDate: '2025-02-28' } });
    expect(backwards.status).toBe(422);
    expect(backwards.body.error.details).toEqual([{ field: 'targetDate', issue: 'Target date must be on or after the start date' }]);
    expect((await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: goal })).status).toBe(200);
    // a start moved past the stored target is refused too, and the goal stays as it was
    const moved = await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: { startDate: '2025-10-01' } });
    expect(moved.status).toBe(422);
    expect((await call(ctx.app, 'GET', '/api/goals', { token: u.token })).body).toEqual(goal);
    // one day long is a goal
    expect((await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: { targetDate: '2025-03-01' } })).status).toBe(200);
  });

  it('goals are per user', async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    const goal = { startWeightKg: 90, targetWeightKg: 80, startDate: '2026-01-01', targetDate: '2026-12-31' };
    await call(ctx.app, 'PATCH', '/api/goals', { token: a.token, body: goal });
    expect((await call(ctx.app, 'GET', '/api/goals', { token: b.token })).status).toBe(404);
    const bPartial = await call(ctx.app, 'PATCH', '/api/goals', { token: b.token, body: { targetWeightKg: 60 } });
    expect(bPartial.status).toBe(422);
    expect((await call(ctx.app, 'GET', '/api/goals', { token: a.token })).body).toEqual(goal);
  });

  it('parallel partial PATCHes each keep their change: the read, merge and write hold the goal row (no lost update)', async () => {
    const u = await register(ctx.app);
    const base = { startWeightKg: 90, targetWeightKg: 75, startDate: '2026-01-01', targetDate: '2027-06-30' };
    for (let trial = 0; trial < 10; trial++) {
      expect((await call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: base })).status).toBe(200);
      const changes = [
        { targetWeightKg: 65 + trial },
        { targetDate: `2028-06-${10 + trial}` },
        { startWeightKg: 95 + trial },
        { startDate: `2026-02-${10 + trial}` },
      ];
      const answers = await Promise.all(changes.map((body) => call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body })));
      for (const r of answers) expect(r.status).toBe(200);
      const final = await call(ctx.app, 'GET', '/api/goals', { token: u.token });
      expect(final.body, `trial ${trial}`).toEqual(Object.assign({}, ...changes));
    }
  });

  it('a parallel PATCH that cannot make a whole goal is refused without touching the one being created', async () => {
    const u = await register(ctx.app);
    const goal = { startWeightKg: 90, targetWeightKg: 75, startDate: '2026-01-01', targetDate: '2027-06-30' };
    const [created, partial] = await Promise.all([
      call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: goal }),
      call(ctx.app, 'PATCH', '/api/goals', { token: u.token, body: { targetWeightKg: 70 } }),
    ]);
    expect(created.status).toBe(200);
    // either it came first (no goal yet: 422) or after (merged into the new goal)
    if (partial.status === 422) expect((await call(ctx.app, 'GET', '/api/goals', { token: u.token })).body).toEqual(goal);
    else expect((await call(ctx.app, 'GET', '/api/goals', { token: u.token })).body).toEqual({ ...goal, targetWeightKg: 70 });
  });
});
