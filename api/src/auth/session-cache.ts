import type { UserRow } from '../repositories/users.js';

/** How long a checked session is kept by default (SESSION_CACHE_MS): the most a lost notice could delay a sign-out. */
export const DEFAULT_SESSION_CACHE_MS = 5_000;

type Entry = { userId: string; row: UserRow; until: number };

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

  /** The kept row of an active session of `userId`, or undefined when it must be read again. */
  get(sessionId: string, userId: string, now: Date): UserRow | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.userId !== userId || now.getTime() >= entry.until) {
      this.drop(sessionId, entry.userId);
      return undefined;
    }
    return entry.row;
  }

  /** Keeps what the session query read, unless the user was forgotten since `ticket` was taken. */
  set(ticket: SessionTicket, sessionId: string, row: UserRow, sessionExpiresAt: Date, now: Date): void {
    if (!this.live || ticket.era !== this.era || ticket.epoch !== (this.epochs.get(row.id) ?? 0)) return;
    if (this.entries.size >= this.maxEntries) this.clear();
    this.entries.set(sessionId, { userId: row.id, row, until: Math.min(now.getTime() + this.ttlMs, sessionExpiresAt.getTime()) });
    let sessions = this.sessionsOf.get(row.id);
    if (!sessions) this.sessionsOf.set(row.id, (sessions = new Set()));
    sessions.add(sessionId);
  }

  /** Forgets every kept session of the user (their sessions or row changed). */
  forgetUser(userId: string): void {
    this.epochs.set(userId, (this.epochs.get(userId) ?? 0) + 1);
    if (this.epochs.size > this.maxEntries) {
      this.clear();
      return;
    }
    const sessions = this.sessionsOf.get(userId);
    if (!sessions) return;
    for (const id of sessions) this.entries.delete(id);
    this.sessionsOf.delete(userId);
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
