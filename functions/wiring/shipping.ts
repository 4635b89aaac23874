import type { CarrierWebhookDeps } from '../core/shipping/carrier-webhook';
import type { Logger } from '../lib/logger';
import { FEDEX_SIGNATURE_HEADER, verifyFedexSignature } from '../adapters/carrier/fedex-webhook-signature';
import { secrets } from '../adapters/secrets';
import { deliveryDeps } from './orders';
import { clock } from '../adapters/clock';
import { orderReturnStore } from '../adapters/db/order-return-store';
import { db } from '../adapters/db/service';

/** The shipping domain's composition (decision 044): FedEx's signature check, then the orders' delivery release. */
export function carrierWebhookDeps(log: Pick<Logger, 'warn' | 'error'>): CarrierWebhookDeps {
  return {
    signed: async (rawBody, headers) =>
      verifyFedexSignature(rawBody, headers[FEDEX_SIGNATURE_HEADER], await secrets.read('carrierWebhookSecret')),
    delivery: () => deliveryDeps(log),
    wakeReturns: (numbers) => orderReturnStore(db()).wake(numbers, clock.now().toISOString()),
  };
}
