/**
 * Routes the browser follows without running the worker (its static routing): the files named by their content (the
 * shell's and each remote's assets, each remote's `remoteEntry.<hash>.js`) are read straight from the worker's caches,
 * and from the network when a cache does not hold them. A controlled page then asks the worker nothing for its scripts
 * and styles, nor waits for a stopped worker to start before reading them, and its scripts come with the code the
 * browser compiled when they were cached. Browsers without static routing run the fetch handler's cache-first route.
 */
export const CONTENT_NAMED_ROUTES = [
  { condition: { urlPattern: { pathname: '/assets/*' } }, source: 'cache' },
  { condition: { urlPattern: { pathname: '/remotes/*/assets/*' } }, source: 'cache' },
  { condition: { urlPattern: { pathname: '/remotes/*/remoteEntry.*.js' } }, source: 'cache' },
] as const;

type RoutingInstallEvent = ExtendableEvent & { addRoutes?: (rules: typeof CONTENT_NAMED_ROUTES) => Promise<void> };

/** Adds the routes where the browser has static routing; a browser that refuses them keeps the fetch handler's. */
export function addContentNamedRoutes(event: ExtendableEvent): Promise<void> {
  const add = (event as RoutingInstallEvent).addRoutes;
  if (!add) return Promise.resolve();
  return add.call(event, CONTENT_NAMED_ROUTES).catch((error: unknown) => console.warn('[sw] static routes refused:', error));
}
