import { SYNC_TAG } from './workerNames';

type SyncRegistration = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };

/** Asks the browser to wake the app when the connection returns, where it has Background Sync. */
export async function requestBackgroundSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  try {
    const reg = (await navigator.serviceWorker.getRegistration('/')) as SyncRegistration | undefined;
    await reg?.sync?.register(SYNC_TAG);
  } catch {
    // no Background Sync here: the page sends the queue when it is back online or focused
  }
}
