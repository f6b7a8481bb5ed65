import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { WeightEntryPayload } from '@app/kit';

/**
 * Weights logged with no connection, kept in IndexedDB until the server has them: they survive a reload and a
 * browser restart. One entry per person and day, as on the server (a second weight for a day replaces the first).
 * An entry the server refuses stays, with the server's reason, until the person dismisses it.
 */
export interface QueuedEntry {
  /** `<user id>:<date>` */
  key: string;
  userId: string;
  payload: WeightEntryPayload;
  queuedAt: string;
  /** Set when the server refused the entry: what it said. */
  refused?: string;
}

interface OfflineDb extends DBSchema {
  entries: { key: string; value: QueuedEntry; indexes: { byUser: string } };
}

const DB_NAME = 'weightwise-offline';
let db: Promise<IDBPDatabase<OfflineDb>> | null = null;

function database(): Promise<IDBPDatabase<OfflineDb>> {
  db ??= openDB<OfflineDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('entries', { keyPath: 'key' }).createIndex('byUser', 'userId');
    },
  });
  return db;
}

const listeners = new Set<() => void>();
/** Called whenever the queue changes (this tab); screens showing it read it again. */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => listeners.forEach((l) => l());

export async function queueEntry(userId: string, payload: WeightEntryPayload, now = new Date()): Promise<QueuedEntry> {
  const entry: QueuedEntry = { key: `${userId}:${payload.date}`, userId, payload, queuedAt: now.toISOString() };
  await (await database()).put('entries', entry);
  changed();
  return entry;
}

/** The person's queued entries, oldest day first. */
export async function queuedEntries(userId: string): Promise<QueuedEntry[]> {
  const all = await (await database()).getAllFromIndex('entries', 'byUser', userId);
  return all.sort((a, b) => a.payload.date.localeCompare(b.payload.date));
}

export async function removeEntry(key: string): Promise<void> {
  await (await database()).delete('entries', key);
  changed();
}

export async function markRefused(entry: QueuedEntry, reason: string): Promise<void> {
  await (await database()).put('entries', { ...entry, refused: reason });
  changed();
}
