import { z } from 'zod';

/**
 * zod compiles fast object parsers with new Function() after probing whether eval is allowed. A page whose CSP
 * forbids eval (script-src 'self') would report every probe as a violation, so the browser parses without them.
 * It lives here, beside the schemas, so it configures the very zod instance they were built with.
 */
export function parseWithoutEval(): void {
  z.config({ jitless: true });
}
