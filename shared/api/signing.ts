import * as z from 'zod/mini';
import { defineContract } from './contract';

/**
 * The wallet service's webhook (Xaman's application webhook): a signed call when a payload is signed or rejected. It
 * is only a trigger: the server reads the payload from Xaman with its secret, so a forged or replayed call changes
 * nothing. Other fields Xaman sends are allowed through.
 */
export const xamanWebhook = defineContract({
  method: 'POST',
  path: '/api/signing/webhook',
  body: z.looseObject({
    meta: z.looseObject({ payload_uuidv4: z.uuid() }),
    payloadResponse: z.optional(z.looseObject({ signed: z.optional(z.boolean()) })),
  }),
  response: z.object({ received: z.boolean() }),
});
