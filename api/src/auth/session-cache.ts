import type { SessionUser } from '../repositories/users.js';
import type { ChangeKind } from '../db/notices.js';

/** How long a checked session is kept by default (SESSION_CACHE_MS): the most a lost notice could delay a sign-out. */
export const DEFAULT_SESSION_CACHE_MS = 5_000;

/** `dataVersion` false: the user's entries changed since it was read, so it may authenticate a write, not a read. */
type Entry = { userId: string; row: SessionUser; until: number; dataVersion: boolean };

/** Taken before the session query: an answer read before a change that was forgotten meanwhile is not kept. */
export type SessionTicket = { era: number; epoch: number };

/**
 * The sessions this process has checked lately, with their user's row, so that a signed-in request needs no query
 * before its own. Every change to a user's sessions or row is forgotten here at once when this process made it, and
 * on the database's notice when another process did (db/notices.ts); kept entries also expire after `ttlMs`, and
 * nothing is kept while the notices are not being received, so a signed-out session is never served for longer.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly sessionsOf = new Map<string, Set<string>>();
  /** Moves with every forgetting of a user, so a query that began before it cannot store what it read. */
  private readonly epochs = new Map<string, number>();
  private era = 0;
  private live = false;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 50_000,
  ) {}

  /** Whether changes made by other processes are being heard; without them nothing is kept. */
  setLive(live: boolean): void {
    // whatever happened while deaf may have been missed
    this.clear();
    this.live = live && this.ttlMs > 0;
  }

  get isLive(): boolean {
    return this.live;
  }

  get size(): number {
    return this.entries.size;
  }

  ticket(userId: string): SessionTicket {
    return { era: this.era, epoch: this.epochs.get(userId) ?? 0 };
  }

  /**
   * The kept row of an active session of `userId`, or undefined when it must be read again. A read needs the data
   * version too (its ETag); a write does not, so a save is not slowed by the version its previous save moved.
   */
  get(sessionId: string, userId: string, now: Date, needs: 'row' | 'row+version' = 'row+version'): SessionUser | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.userId !== userId || now.getTime() >= entry.until) {
      this.drop(sessionId, entry.userId);
      return undefined;
    }
    if (needs === 'row+version' && !entry.dataVersion) return undefined;
    return entry.row;
  }

  /** Keeps what the session query read, unless the user was forgotten since `ticket` was taken. */
  set(ticket: SessionTicket, sessionId: string, row: SessionUser, sessionExpiresAt: Date, now: Date): void {
    if (!this.live || ticket.era !== this.era || ticket.epoch !== (this.epochs.get(row.id) ?? 0)) return;
    if (this.entries.size >= this.maxEntries) this.clear();
    const until = Math.min(now.getTime() + this.ttlMs, sessionExpiresAt.getTime());
    this.entries.set(sessionId, { userId: row.id, row, until, dataVersion: true });
    let sessions = this.sessionsOf.get(row.id);
    if (!sessions) this.sessionsOf.set(row.id, (sessions = new Set()));
    sessions.add(sessionId);
  }

  /** Forgets what changed: every kept session of the user (their row or sessions), or only their data version. */
  forget(userId: string, kind: ChangeKind): void {
    if (kind === 'user') this.forgetUser(userId);
    else this.forgetDataVersion(userId);
  }

  /** Forgets every kept session of the user (their sessions or row changed). */
  forgetUser(userId: string): void {
    if (!this.moveEpoch(userId)) return;
    const sessions = this.sessionsOf.get(userId);
    if (!sessions) return;
    for (const id of sessions) this.entries.delete(id);
    this.sessionsOf.delete(userId);
  }

  /** Their entries changed: the kept sessions still stand, but their data version must be read again before a read. */
  forgetDataVersion(userId: string): void {
    if (!this.moveEpoch(userId)) return;
    for (const id of this.sessionsOf.get(userId) ?? []) {
      const entry = this.entries.get(id);
      if (entry) entry.dataVersion = false;
    }
  }

  /** A query that began before now cannot store what it read; false when everything was let go instead. */
  private moveEpoch(userId: string): boolean {
    this.epochs.set(userId, (this.epochs.get(userId) ?? 0) + 1);
    if (this.epochs.size <= this.maxEntries) return true;
    this.clear();
    return false;
  }

  clear(): void {
    this.era++;
    this.entries.clear();
    this.sessionsOf.clear();
    this.epochs.clear();
  }

  private drop(sessionId: string, userId: string): void {
    this.entries.delete(sessionId);
    const sessions = this.sessionsOf.get(userId);
    sessions?.delete(sessionId);
    if (sessions && !sessions.size) this.sessionsOf.delete(userId);
  }
}
