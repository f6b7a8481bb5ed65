import { z } from 'zod';

// zod compiles fast object parsers with new Function() after probing whether eval is allowed; the page's CSP
// forbids eval (script-src 'self'), so every probe would be a CSP violation. In the browser it parses without them.
z.config({ jitless: true });
