type Route = { method: string; path: string };

/**
 * The methods the app answers at a path, from its route table: a path that exists under other methods is answered
 * 405 with them in `Allow`, not 404 as if it did not exist. Middleware (method ALL, paths with `*`) is not a route.
 */
export function allowedMethods(routes: readonly Route[]): (path: string) => string[] {
  let table: { method: string; pattern: RegExp }[] | undefined;
  return (path) => {
    table ??= routes
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
      .map((r) => ({
        method: r.method,
        pattern: new RegExp(
          '^' +
            r.path
              .split('/')
              .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
              .join('/') +
            // exactly: the router is strict, so `/api/weights/` is no path of `/api/weights` (404, not 405)
            '$',
        ),
      }));
    const methods = new Set(table.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}
