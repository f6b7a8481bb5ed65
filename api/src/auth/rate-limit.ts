import type { Context } from 'hono';
import type { RateLimitRule } from '../config.js';
import type { Deps } from '../types.js';
import { clientNetwork } from '../lib/net.js';
import { checkPasswordInTurn } from './password.js';
import { PasswordWorkBusy } from './password-work.js';
import type { Db } from '../db/client.js';
import { ApiError, clientGone } from '../lib/errors.js';
import { AttemptsInFlight } from './attempts-in-flight.js';
import { clear, hitAll, purgeExpired, release } from '../repositories/rate-limits.js';

export type LimitCheck = {
  key: string;
  rule: RateLimitRule;
  /** What a successful attempt does to this key: forget the failures (an account), give the attempt back (an
   * address), or nothing (the default: every attempt counts, as for sign-ups). */
  onSuccess?: 'clear' | 'release';
};

/** The account-wide ceiling of failed logins, from every network together. */
export const loginEmailKey = (normalizedEmail: string) => `login:email:${normalizedEmail.slice(0, 320)}`;
/** What every per-network login counter of an account begins with (a space: no valid address holds one). */
export const loginEmailNetworkPrefix = (normalizedEmail: string) => `login:email-net:${normalizedEmail.slice(0, 320)} `;
/** The strict count of failed logins at one account from one client network. */
export const loginEmailNetworkKey = (normalizedEmail: string, network: string) => `${loginEmailNetworkPrefix(normalizedEmail)}${network}`;
/** The counters of sign-ups and of password-reset requests for one address. */
export const registerEmailKey = (normalizedEmail: string) => `register:email:${normalizedEmail.slice(0, 320)}`;
export const resetEmailKey = (normalizedEmail: string) => `reset:email:${normalizedEmail.slice(0, 320)}`;
/** Every counter kept under an address (deleting the account deletes them, and those starting with emailKeyPrefixes). */
export const emailKeys = (normalizedEmail: string) => [loginEmailKey, registerEmailKey, resetEmailKey].map((key) => key(normalizedEmail));
export const emailKeyPrefixes = (normalizedEmail: string) => [loginEmailNetworkPrefix(normalizedEmail)];

/**
 * The counters a password login is held to (and the provider sign-in step that links an account with its password,
 * which is one). Failures at an account count strictly per client network, so nobody can lock someone else out from
 * addresses of their own, under a much higher ceiling for the account from all networks together. Successes are not
 * limited (offices and mobile carriers put many people behind one address): what a flood of them costs is bounded by
 * the password checks' turns (password-work.ts) and the sessions kept per person.
 */
export function loginChecks(
  c: Context,
  config: Pick<Deps['config'], 'rateLimits' | 'trustedProxies' | 'proxySecret'>,
  normalizedEmail: string,
): LimitCheck[] {
  const network = clientNetwork(c, config);
  const rules = config.rateLimits;
  return [
    { key: `login:ip:${network}`, rule: rules.loginPerIp, onSuccess: 'release' },
    { key: loginEmailNetworkKey(normalizedEmail, network), rule: rules.loginPerEmail, onSuccess: 'clear' },
    { key: loginEmailKey(normalizedEmail), rule: rules.loginPerAccount, onSuccess: 'release' },
  ];
}

export type Reservation = {
  /** The attempt succeeded: apply each key's onSuccess. */
  succeeded(): Promise<void>;
  /** The attempt was refused for another reason before doing what the limit guards: give it back under every key,
   * or under `only` these (a sign-up refused for its address or password keeps its count under the client network). */
  giveBack(only?: readonly string[]): Promise<void>;
  /** Each key's window this attempt was counted in, for a later request to give it back (`giveBackCounted`). */
  readonly counted: ReadonlyArray<CountedAttempt>;
};

/** One attempt as counted under one key: given back only in that window (see `release`). */
export type CountedAttempt = { key: string; resetAt: Date };

/** Gives back an attempt counted by an earlier request (a provider sign-in's start, once its sign-in succeeded). */
export const giveBackCounted = (db: Db, counted: ReadonlyArray<CountedAttempt>): Promise<void> => release(db, [...counted]);

/** The count of provider sign-in starts from one client network (each given back once its sign-in succeeds). */
export const externalStartKey = (network: string) => `external-start:ip:${network}`;

/** What a refusal says by default, given the minutes to wait. */
const defaultRefusal = (minutes: number) => `Too many attempts. Try again in ${minutes} minute(s).`;

/** A refusal: the seconds to wait, and the keys over their limit. */
type Refused = { retryAfter: number; overKeys: string[] };

/**
 * Reserves one attempt under every key, atomically and before any expensive check (argon2), so N parallel attempts
 * can never get more than the limit through; 429 with Retry-After when any key is over its limit. A failed attempt
 * simply keeps its reservation; a refused one gives it back under every key, so the counters hold only the attempts
 * that were checked: an address refused for its own failures does not run up the count of the accounts it tries, nor
 * its own, and a burst of good logins from one address costs it nothing once answered.
 */
export async function reserveAttempt(
  db: Db,
  checks: LimitCheck[],
  now: Date,
  /** What the refusal says, given the minutes to wait (default: too many attempts). */
  refusal: (minutes: number) => string = defaultRefusal,
): Promise<Reservation> {
  const outcome = await tryReserve(db, checks, now);
  if ('retryAfter' in outcome) throw tooMany(outcome.retryAfter, refusal);
  return outcome;
}

async function tryReserve(db: Db, checks: LimitCheck[], now: Date): Promise<Reservation | Refused> {
  // occasional housekeeping of expired windows (no timers: any process may do it); one that fails (a deadlock with an
  // attempt holding the same rows) is left to the next, and never fails the attempt
  if (Math.random() < 0.01) await purgeExpired(db, now).catch(() => {});
  const hits = await hitAll(
    db,
    checks.map(({ key, rule }) => ({ key, windowSeconds: rule.windowSeconds })),
    now,
  );
  let retryAfter = 0;
  const overKeys: string[] = [];
  for (const { key, rule } of checks) {
    const h = hits.get(key);
    if (h && h.count > rule.limit) {
      retryAfter = Math.max(retryAfter, secondsUntil(h.resetAt, now));
      overKeys.push(key);
    }
  }
  // each key's count as this attempt was counted in it: what it gives back, it gives back to that window only
  const counted = checks.flatMap(({ key }) => {
    const h = hits.get(key);
    return h ? [{ key, resetAt: h.resetAt }] : [];
  });
  if (retryAfter > 0) {
    // the attempts already let through keep theirs: a parallel burst still gets no more than the limit checked
    await release(db, counted);
    return { retryAfter, overKeys };
  }
  return {
    counted,
    async succeeded() {
      for (const { key, onSuccess } of checks) {
        if (onSuccess === 'clear') await clear(db, key);
        else if (onSuccess === 'release')
          await release(
            db,
            counted.filter((c) => c.key === key),
          );
      }
    },
    async giveBack(only?: readonly string[]) {
      await release(db, only ? counted.filter((c) => only.includes(c.key)) : counted);
    },
  };
}

/** How long a login over its limit only because of attempts still being checked waits for them to settle. */
export const PATIENCE_MS = 10_000;
/** Logins that may wait on one key at once, and in the whole process; past either they are refused at once. */
export const MAX_PATIENT_WAITERS = 256;
export const MAX_PATIENT_WAITERS_IN_ALL = 1_024;

const inFlight = new AttemptsInFlight();

/** A reservation whose attempt is over (checked, refused or failed): `settle` must be called once it is. */
export type PatientReservation = Reservation & { settle(): void };

/**
 * `reserveAttempt` for logins: when a key is over its limit only while this process still checks attempts under it
 * (a script or a family's devices signing in to one account at once), the login waits in line for one of those to
 * settle and asks again, rather than being refused for attempts that may well succeed and clear the count. Guesses
 * gain nothing: the failures keep their reservations, so a waiting guess is refused once they have settled, and no
 * more than the limit is ever checked. A key over its limit with nothing under way refuses at once; a client that
 * goes away leaves the line.
 */
export async function reserveLoginAttempt(
  db: Db,
  checks: LimitCheck[],
  now: () => Date,
  signal?: AbortSignal,
): Promise<PatientReservation> {
  const keys = checks.map(({ key }) => key);
  const deadline = Date.now() + PATIENCE_MS;
  // the key whose line this attempt was woken from: a wake-up it does not use is passed on to the next in line
  let wokenOn: string | null = null;
  const giveUp = (retryAfter: number) => {
    if (wokenOn) inFlight.passOn(wokenOn);
    return tooMany(retryAfter, defaultRefusal);
  };
  for (;;) {
    if (signal?.aborted) {
      if (wokenOn) inFlight.passOn(wokenOn);
      throw clientGone();
    }
    const mark = inFlight.mark();
    let outcome: Awaited<ReturnType<typeof tryReserve>>;
    try {
      outcome = await tryReserve(db, checks, now());
    } catch (error) {
      if (wokenOn) inFlight.passOn(wokenOn);
      throw error;
    }
    if (!('retryAfter' in outcome)) {
      const settle = inFlight.begin(keys);
      return {
        settle,
        counted: outcome.counted,
        succeeded: () => outcome.succeeded().finally(settle),
        giveBack: (only?: readonly string[]) => outcome.giveBack(only).finally(settle),
      };
    }
    if (Date.now() >= deadline) throw giveUp(outcome.retryAfter);
    // settled while this attempt was being counted: their outcome is in the count now, so ask again at once
    if (outcome.overKeys.some((key) => inFlight.count(key) === 0 && inFlight.settledSince(key, mark))) continue;
    const busy = outcome.overKeys.filter((key) => inFlight.count(key) > 0);
    // a key over its limit with nothing under way is over for good (this window): waiting cannot change it
    if (busy.length < outcome.overKeys.length) throw giveUp(outcome.retryAfter);
    const line = busy[0]!;
    if (inFlight.waiting(line) >= MAX_PATIENT_WAITERS || inFlight.waitingTotal >= MAX_PATIENT_WAITERS_IN_ALL)
      throw giveUp(outcome.retryAfter);
    // back in line. In the same line the wake-up was used (the key is still busy: its next settle wakes the next);
    // in another, the line it came from may hold someone a retry would let in now
    if (wokenOn && wokenOn !== line) inFlight.passOn(wokenOn);
    wokenOn = null;
    if (!(await inFlight.next(line, deadline, signal))) {
      if (signal?.aborted) throw clientGone();
      throw tooMany(outcome.retryAfter, defaultRefusal);
    }
    wokenOn = line;
  }
}

const secondsUntil = (d: Date, now: Date) => Math.max(1, Math.ceil((d.getTime() - now.getTime()) / 1000));

const tooMany = (retryAfter: number, refusal: (minutes: number) => string) =>
  new ApiError(429, 'Too many attempts, try again later', [{ field: 'general', issue: refusal(Math.ceil(retryAfter / 60)) }], {
    'Retry-After': String(retryAfter),
  });

/**
 * Checks a signed-in user's current password (email or password change, account deletion) under the same limits
 * as login, per account and per address: a stolen session cannot guess its way to the password.
 */
export async function verifyCurrentPasswordThrottled(
  deps: Pick<Deps, 'db' | 'config' | 'clock' | 'passwordWork'>,
  c: Context,
  user: { id: string; passwordHash: string | null },
  password: string,
): Promise<boolean> {
  const { db, config, clock } = deps;
  const attempt = await reserveAttempt(
    db,
    [
      { key: `password-check:ip:${clientNetwork(c, config)}`, rule: config.rateLimits.loginPerIp, onSuccess: 'release' },
      { key: `password-check:user:${user.id}`, rule: config.rateLimits.loginPerEmail, onSuccess: 'clear' },
    ],
    clock.now(),
  );
  // an account made through a sign-in provider has no password: nothing matches
  const ok = await checkPasswordInTurn(deps, user.passwordHash, password).catch(giveBackIfBusy(attempt));
  if (ok) await attempt.succeeded();
  return ok;
}

/** A check refused for lack of a turn was never made: its attempt is given back before the 503 goes out. */
export const giveBackIfBusy =
  (attempt: Pick<Reservation, 'giveBack'>) =>
  async (error: unknown): Promise<never> => {
    if (error instanceof PasswordWorkBusy) await attempt.giveBack();
    throw error;
  };
