import * as z from 'zod/mini';

/**
 * zod compiles object parsers with `new Function` unless jitless; under the site's CSP (script-src 'self', no
 * 'unsafe-eval') even its probe for eval is reported as a violation. Imported first by main.tsx, before any schema
 * module is evaluated, because zod decides per schema when the schema is built. (zod/mini's objects do not compile
 * today; the setting keeps it so if they ever do.)
 */
z.config({ jitless: true });
