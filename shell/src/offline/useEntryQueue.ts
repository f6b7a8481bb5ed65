import { useCallback, useEffect, useRef, useState } from 'react';
import { selectUser, setPendingEntries, showToast, useAppDispatch, useAppSelector, useAppStore } from '@app/kit';
import { onQueueChange, queuedEntries, markRefused, removeEntry, type QueuedEntry } from './entryQueue';
import { sendEntry } from './sendEntry';
import { sendQueued } from './sendQueued';
import { SEND_PENDING_MESSAGE } from './workerNames';

/** With a connection that does not answer yet, tries again after these pauses, then waits for the next event. */
const RETRY_DELAYS_MS = [3_000, 10_000, 30_000, 60_000];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The signed-in person's queued entries, and their sending: when the app starts online, when the connection
 * returns, when the window is focused again, and when the service worker's Background Sync asks.
 */
export function useEntryQueue(online: boolean) {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const userId = useAppSelector(selectUser)?.id ?? null;
  const [entries, setEntries] = useState<QueuedEntry[]>([]);
  const sending = useRef(false);
  const retry = useRef<{ attempt: number; timer?: ReturnType<typeof setTimeout> }>({ attempt: 0 });

  const reload = useCallback(async () => {
    try {
      setEntries(userId ? await queuedEntries(userId) : []);
    } catch (error) {
      // no IndexedDB here (a private window in some browsers): nothing can have been queued
      console.warn('[shell] the weights logged offline could not be read:', error);
    }
  }, [userId]);

  const send = useCallback(async () => {
    if (!userId || sending.current || !navigator.onLine) return;
    sending.current = true;
    try {
      const counts = await sendQueued(await queuedEntries(userId), {
        send: (entry) => sendEntry(dispatch, store.getState, entry),
        saved: (entry) => removeEntry(entry.key),
        refused: (entry, reason) => markRefused(entry, reason),
      });
      if (counts.saved) dispatch(showToast(`Sent ${plural(counts.saved, 'weight', 'weights')} logged offline`, 'success'));
      clearTimeout(retry.current.timer);
      if (counts.waiting && retry.current.attempt < RETRY_DELAYS_MS.length) {
        const delay = RETRY_DELAYS_MS[retry.current.attempt++];
        retry.current.timer = setTimeout(() => void sendRef.current(), delay);
      } else if (!counts.waiting) retry.current.attempt = 0;
      if (counts.refused) dispatch(showToast(`${plural(counts.refused, 'weight was', 'weights were')} not saved: see why above`, 'error'));
    } catch (error) {
      console.warn('[shell] sending the weights logged offline failed:', error);
    } finally {
      sending.current = false;
    }
  }, [dispatch, store, userId]);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  }, [send]);
  useEffect(() => {
    const pending = retry.current;
    return () => clearTimeout(pending.timer);
  }, []);

  useEffect(() => {
    void reload();
    return onQueueChange(() => void reload());
  }, [reload]);

  // every screen shows these weights in its history and graph, from the store (remotes cannot read the queue)
  useEffect(() => {
    dispatch(setPendingEntries(entries.map(({ payload, refused }) => ({ ...payload, ...(refused === undefined ? {} : { refused }) }))));
  }, [dispatch, entries]);

  useEffect(() => {
    if (online) void send();
  }, [online, send]);

  useEffect(() => {
    const onFocus = () => void send();
    const onVisible = () => document.visibilityState === 'visible' && void send();
    const onWorkerMessage = (event: MessageEvent) => event.data?.type === SEND_PENDING_MESSAGE && void send();
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    };
  }, [send]);

  return { entries, dismiss: (entry: QueuedEntry) => removeEntry(entry.key) };
}
