/**
 * zod as every contract and client decoder imports it. In a browser zod's JIT (object parsers
 * compiled with `new Function`) is switched off before any schema is made: the shop's CSP forbids
 * eval, so zod's probe for it would only log a CSP violation (Lighthouse best practices) and fall
 * back anyway. On the server (the API, SSR) the JIT stays on. Schemas read the setting when they are
 * created, and this module is evaluated before the module that imports it, so it is always in time.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
