/** Said instead of a screen whose data this device has never read, while there is no connection. */
export const OFFLINE_UNAVAILABLE_TITLE = 'You’re offline';
export const OFFLINE_UNAVAILABLE_MESSAGE =
  'This screen has not been opened on this device yet, so there is nothing saved to show. It appears as soon as you’re back online. You can still log today’s weight.';

/**
 * Stands in for a screen that has nothing to show offline: better than "Loading..." that never ends, or an empty
 * history that looks like no entries. The screen itself returns once the connection does (its reads are retried).
 */
export function OfflineUnavailable() {
  return (
    <section className="panel offline-unavailable" role="status" aria-labelledby="offline-unavailable-title">
      <h2 id="offline-unavailable-title">{OFFLINE_UNAVAILABLE_TITLE}</h2>
      <p>{OFFLINE_UNAVAILABLE_MESSAGE}</p>
    </section>
  );
}
