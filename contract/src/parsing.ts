import { z } from 'zod';

// zod decides, as it builds each object schema, whether to compile its parser with new Function(), probing first
// whether eval is allowed. A page's CSP forbids eval (script-src 'self'), so there every probe would be reported as a
// violation: in a browser the schemas parse without compiling. This module is evaluated before any schema of the
// contract is built (it is the first export of the index); the API, in Node, keeps the compiled parsers.
if ('document' in globalThis) z.config({ jitless: true });
