import * as z from 'zod/mini';
import { en } from 'zod/locales';

/**
 * zod/mini carries no messages ('Invalid input' for every issue); the API's 400s, the forms and configuration errors
 * show zod's English ones (what classic zod set by default). Imported for its effect by the modules that build schemas
 * whose messages someone reads; the setting is global, so once is enough wherever it happens.
 */
z.config(en());
