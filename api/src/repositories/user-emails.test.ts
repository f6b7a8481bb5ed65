import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { userEmails } from '../db/schema.js';
import { call, describeDb, GOOD_PASSWORD, register, uniqueEmail } from '../test/harness.js';
import { insertUser } from './users.js';

/** One account per address, kept in user_emails (keyed by the address) beside users.email. */
describeDb('email addresses', (ctx) => {
  const owners = async (email: string) =>
    (await ctx.db.select({ userId: userEmails.userId }).from(userEmails).where(eq(userEmails.email, email))).map((r) => r.userId);

  it('a taken address is refused at sign-up, and registering it twice at once makes one account', async () => {
    const email = uniqueEmail('twice');
    const results = await Promise.all(
      [1, 2, 3].map((n) =>
        insertUser(ctx.db, { id: crypto.randomUUID(), email, passwordHash: 'x', firstName: `N${n}`, lastName: 'L', now: new Date() }),
      ),
    );
    const made = results.filter(Boolean);
    expect(made).toHaveLength(1);
    expect(await owners(email)).toEqual([made[0]!.id]);
    const again = await call(ctx.app, 'POST', '/api/auth/register', {
      body: { firstName: 'A', lastName: 'B', email, password: GOOD_PASSWORD },
    });
    expect(again.status).toBe(422);
  });

  it('changing the address frees the old one and signs in with the new one', async () => {
    const a = await register(ctx.app);
    const b = await register(ctx.app);
    const newEmail = uniqueEmail('moved');
    const taken = await call(ctx.app, 'PATCH', '/api/users/me', {
      token: a.token,
      body: { email: b.email, currentPassword: a.password },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.error.details).toEqual([{ field: 'email', issue: 'Email has already been taken' }]);

    const moved = await call(ctx.app, 'PATCH', '/api/users/me', { token: a.token, body: { email: newEmail, currentPassword: a.password } });
    expect(moved.status).toBe(200);
    expect(await owners(a.email)).toEqual([]);
    expect(await owners(newEmail)).toEqual([a.user.id]);
    const login = await call(ctx.app, 'POST', '/api/auth/login', { body: { email: newEmail, password: a.password } });
    expect(login.status).toBe(200);
    const reused = await register(ctx.app, { email: a.email });
    expect(reused.user.id).not.toBe(a.user.id);
  });

  it('deleting the account frees its address', async () => {
    const a = await register(ctx.app);
    const deleted = await call(ctx.app, 'DELETE', '/api/users/me', { token: a.token, body: { currentPassword: a.password } });
    expect(deleted.status).toBe(204);
    expect(await owners(a.email)).toEqual([]);
    expect((await register(ctx.app, { email: a.email })).email).toBe(a.email);
  });
});
