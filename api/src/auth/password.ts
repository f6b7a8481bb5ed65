import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';
import { PRODUCTION_ARGON2, type Argon2Params, type Config } from '../config.js';
import { PasswordWork } from './password-work.js';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum in the typings)

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/**
 * A password as it is hashed: NFKC, so "é" typed as one character or as "e" and an accent, as keyboards and systems
 * differ, is the same password.
 */
export const normalizePassword = (password: string): string => password.normalize('NFKC');

/** argon2id hash; production parameters (m=19456 KiB, t=2, p=1) unless explicitly overridden. */
export function hashPassword(password: string, params: Argon2Params = PRODUCTION_ARGON2): Promise<string> {
  return hash(normalizePassword(password), { algorithm: ARGON2ID, ...params });
}

async function verifyExactly(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Checks a password against its hash; a hash made before passwords were normalised matches the text as typed then. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const normalized = normalizePassword(password);
  if (await verifyExactly(passwordHash, normalized)) return true;
  return normalized !== password && verifyExactly(passwordHash, password);
}

const dummyHashes = new Map<string, Promise<string>>();
/** A hash of a random value with the same cost, so unknown emails take as long as wrong passwords. */
export function dummyHash(params: Argon2Params): Promise<string> {
  const key = `${params.memoryCost}:${params.timeCost}:${params.parallelism}`;
  let h = dummyHashes.get(key);
  if (!h) {
    h = hashPassword(`dummy-${Math.random()}-${Date.now()}`, params);
    dummyHashes.set(key, h);
  }
  return h;
}

/** What a hash or check made in turn needs: the cost, and the process's turns (see PasswordWork). */
export type PasswordDeps = { config: Pick<Config, 'argon2'>; passwordWork?: PasswordWork };

let sharedWork: PasswordWork | undefined;
const turns = (deps: PasswordDeps) => deps.passwordWork ?? (sharedWork ??= new PasswordWork());

/** hashPassword in turn with every other hash and check of this process; PasswordWorkBusy (503) when the line is full. */
export function hashPasswordInTurn(deps: PasswordDeps, password: string): Promise<string> {
  return turns(deps).run(() => hashPassword(password, deps.config.argon2));
}

/**
 * verifyPassword in turn (PasswordWorkBusy when the line is full). No hash (an unknown account, or one made through a
 * sign-in provider) is checked against the dummy and fails, so it takes as long as a wrong password.
 */
export function checkPasswordInTurn(deps: PasswordDeps, passwordHash: string | null, password: string): Promise<boolean> {
  return turns(deps).run(async () => {
    const ok = await verifyPassword(passwordHash ?? (await dummyHash(deps.config.argon2)), password);
    return passwordHash !== null && ok;
  });
}

let common: Set<string> | undefined;
/** The shipped list of common passwords, loaded on first use (no I/O at import time). */
export function isCommonPassword(password: string): boolean {
  if (!common) {
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    common = new Set(
      text
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l !== '' && !l.startsWith('#')),
    );
  }
  // as it is hashed: a common password typed in fullwidth letters is the same password
  return common.has(normalizePassword(password).toLowerCase());
}
