/**
 * Lets pending I/O and timers run. The embedded database answers within the same turn of the event loop, so a
 * loop of its queries would otherwise run as one long step that nothing else can interrupt.
 */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
