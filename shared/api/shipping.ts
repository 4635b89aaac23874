import * as z from 'zod/mini';
import { defineContract } from './contract';

/**
 * FedEx's tracking webhook (Advanced Integrated Visibility): the Track API's result shape, signed in `fdx-signature`.
 * Only a trigger: the parcels it names are asked of the Track API again before anything is released.
 */
export const carrierWebhook = defineContract({
  method: 'POST',
  path: '/api/carrier/webhook',
  body: z.looseObject({
    output: z.looseObject({
      completeTrackResults: z
        .array(z.looseObject({ trackingNumber: z.string().check(z.minLength(1), z.maxLength(40)) }))
        .check(z.maxLength(100)),
    }),
  }),
  response: z.object({ received: z.boolean(), parcels: z.number().check(z.int(), z.nonnegative()) }),
});
