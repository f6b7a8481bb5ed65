import { z } from 'zod';

// zod decides, as it builds each object schema, whether to compile its parser with new Function(), probing first
// whether eval is allowed. A page's CSP forbids eval (script-src 'self'), so there every probe would be reported as a
// violation: in a browser the schemas parse without compiling. Every module of the contract that builds schemas imports this one
// first, so it runs before any of them; a page that uses none of them (most of the app) loads no zod at all; the API, in Node, keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
