// Seeds the bench database: N users × Y years of daily entries (a noisy drift, notes on ~10 % of
// days) plus one user with 10 years, and a goal each. All in SQL (generate_series); idempotent:
// fixed emails, ON CONFLICT DO NOTHING, and each user only gets the days after its last entry.
//   BENCH_USERS (1000), BENCH_YEARS (3), BENCH_LONG_YEARS (10); or --users N --years Y --long-years Z
import pg from 'pg';
import { openPostgres } from '../api/src/db/client.js';
import { runMigrations } from '../api/src/db/migrate.js';
import { hashPassword } from '../api/src/auth/password.js';
import { BENCH_DATABASE_URL, BENCH_DB_NAME, BENCH_PASSWORD, LONG_USER_EMAIL, PG_ADMIN_URL, isMain, userEmail } from './lib/common.js';

export interface SeedOptions {
  users: number;
  years: number;
  longYears: number;
}

export interface SeedResult extends SeedOptions {
  ms: number;
  insertedUsers: number;
  insertedEntries: number;
  totalUsers: number;
  totalEntries: number;
  longUserEntries: number;
  tableSize: string;
}

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

export function seedOptions(): SeedOptions {
  return {
    users: Number(arg('users') ?? process.env.BENCH_USERS ?? 1000),
    years: Number(arg('years') ?? process.env.BENCH_YEARS ?? 3),
    longYears: Number(arg('long-years') ?? process.env.BENCH_LONG_YEARS ?? 10),
  };
}

/** Creates the database if missing and applies the API's migrations (api/src/db/migrate.ts). */
export async function ensureDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [BENCH_DB_NAME]);
    if (!exists.rowCount) await admin.query(`create database "${BENCH_DB_NAME.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  const database = await openPostgres(BENCH_DATABASE_URL, 1);
  try {
    await runMigrations(database);
  } finally {
    await database.close();
  }
}

// Users get a base weight, a drift (kg/day) and a phase derived from their email, so re-runs agree.
const USERS_CTE = `
  select u.id, u.email,
         60 + mod(abs(hashtext(u.email)), 45)::float8 as base,
         (mod(abs(hashtext(u.email || ':drift')), 200) - 100) / 40000.0 as drift,
         mod(abs(hashtext(u.email || ':phase')), 628) / 100.0 as phase
  from users u`;

export async function seed(opts: SeedOptions = seedOptions()): Promise<SeedResult> {
  const started = performance.now();
  await ensureDatabase();
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  try {
    const emails = Array.from({ length: opts.users }, (_, i) => userEmail(i + 1));
    const missing = await client.query<{ email: string }>(
      `select e as email from unnest($1::text[]) e where not exists (select 1 from users where email = e)`,
      [[...emails, LONG_USER_EMAIL]],
    );
    let insertedUsers = 0;
    if (missing.rowCount) {
      // One argon2id hash (production cost) for every bench user, so logging in works.
      const hash = await hashPassword(BENCH_PASSWORD);
      const r = await client.query(
        `insert into users (id, email, password_hash, first_name, last_name, height_cm, week_starts_on, created_at, updated_at)
         select md5(e)::uuid, e, $2, 'Bench', 'User ' || split_part(split_part(e, '@', 1), '-', 3), 175, 1, now(), now()
         from unnest($1::text[]) e
         on conflict (id) do nothing`,
        [missing.rows.map((r) => r.email), hash],
      );
      insertedUsers = r.rowCount ?? 0;
      // sign-in finds an account by its address in user_emails, as the API's sign-up writes it
      await client.query(
        `insert into user_emails (email, user_id) select e, md5(e)::uuid from unnest($1::text[]) e on conflict (email) do nothing`,
        [missing.rows.map((r) => r.email)],
      );
    }

    // Entries: for each user, the days from (its start date or the day after its last entry) to today.
    let insertedEntries = 0;
    const groups: Array<{ emails: string[] }> = [];
    for (let i = 0; i < emails.length; i += 100) groups.push({ emails: emails.slice(i, i + 100) });
    // the 10-year user's rows are interleaved with the first batch's (from the day those users start)
    groups.unshift({ emails: [LONG_USER_EMAIL, ...(groups.shift()?.emails ?? [])] });
    for (const g of groups) {
      const r = await client.query(
        `with u as (${USERS_CTE} where u.email = any($1::text[])),
         s as (
           select u.*, (current_date - make_interval(years => case when u.email = $3 then $4::int else $2::int end))::date as first_day,
                  (select max(w.date) from weight_entries w where w.user_id = u.id) as last_day
           from u
         )
         insert into weight_entries (id, user_id, date, weight_kg, notes, created_at, updated_at)
         select gen_random_uuid(), s.id, d::date,
                round((s.base + s.drift * (d::date - s.first_day) + 1.2 * sin((d::date - s.first_day) / 29.0 + s.phase)
                       + (random() - 0.5) * 1.6)::numeric, 1)::float8,
                case when random() < 0.1 then 'bench note ' || to_char(d, 'YYYY-MM-DD') end,
                now(), now()
         from s
         cross join lateral generate_series(greatest(s.first_day, coalesce(s.last_day + 1, s.first_day)), current_date, interval '1 day') d
         -- day by day across the batch's users, as a live table fills up (a user's rows are spread over pages)
         order by d, s.id
         on conflict (user_id, date) do nothing`,
        [g.emails, opts.years, LONG_USER_EMAIL, opts.longYears],
      );
      insertedEntries += r.rowCount ?? 0;
    }

    await client.query(
      `with u as (${USERS_CTE} where u.email like 'bench-user-%@example.com')
       insert into goals (user_id, start_weight_kg, target_weight_kg, start_date, target_date, updated_at)
       select id, round(base::numeric, 1)::float8, round((base - 5)::numeric, 1)::float8, current_date - 90, current_date + 180, now() from u
       on conflict (user_id) do nothing`,
    );
    if (insertedEntries) await client.query('analyze users; analyze weight_entries; analyze goals');

    const totals = await client.query<{ users: string; entries: string; long: string; size: string }>(
      `select (select count(*) from users where email like 'bench-user-%') as users,
              (select count(*) from weight_entries) as entries,
              (select count(*) from weight_entries w join users u on u.id = w.user_id where u.email = $1) as long,
              pg_size_pretty(pg_total_relation_size('weight_entries')) as size`,
      [LONG_USER_EMAIL],
    );
    const t = totals.rows[0]!;
    return {
      ...opts,
      ms: performance.now() - started,
      insertedUsers,
      insertedEntries,
      totalUsers: Number(t.users),
      totalEntries: Number(t.entries),
      longUserEntries: Number(t.long),
      tableSize: t.size,
    };
  } finally {
    await client.end();
  }
}

if (isMain(import.meta.url)) {
  const r = await seed();
  console.log(JSON.stringify(r, null, 2));
}
