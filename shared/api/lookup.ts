import { z } from 'zod';
import { defineContract } from './contract';

/** Lookups of the sell wizard (spec part 3 "Location prefill" and section 7 "Lookups"). */

export const ZIP_PATTERN = /^\d{5}$/;

export const lookupZip = defineContract({
  method: 'GET',
  path: '/api/lookup/zip/{zip}',
  params: z.object({ zip: z.string().regex(ZIP_PATTERN, 'ZIP code must be exactly 5 digits') }).strict(),
  response: z.object({
    zip: z.string(),
    city: z.string(),
    /** Two capital letters. */
    state: z.string(),
  }),
});
