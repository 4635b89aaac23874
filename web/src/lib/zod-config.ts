import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` unless jitless; under the site's CSP (script-src 'self', no
 * 'unsafe-eval') even its probe for eval is reported as a violation. Imported first by main.tsx, before any schema
 * module is evaluated, because zod decides per schema when the schema is built.
 */
z.config({ jitless: true });
