import { carrier } from '../adapters/carrier/fedex-carrier';
import {
  FEDEX_SIGNATURE_HEADER,
  signFedexBody,
  simulatedFedexWebhookBody,
} from '../adapters/carrier/fedex-webhook-signature';
import { clock } from '../adapters/clock';
import { orderShipmentStore } from '../adapters/db/order-shipment-store';
import { db } from '../adapters/db/service';
import { testParcelStore } from '../adapters/db/test-parcel-store';
import { secrets } from '../adapters/secrets';
import type { CarrierToolDeps } from '../core/admin-tools/run-carrier-tool';
import { carrierWebhook } from '../core/shipping/carrier-webhook';
import type { Logger } from '../lib/logger';
import { auditLog } from './audit';
import { carrierWebhookDeps } from './shipping';

/** The admin carrier tools (decision 066): the configured carrier, and the carrier webhook's own use case. */
export function carrierToolDeps(log: Pick<Logger, 'warn' | 'error'>): CarrierToolDeps {
  return {
    carrier: carrier(),
    testParcels: testParcelStore(db()),
    shipped: (cursor, limit) => orderShipmentStore(db()).shipped(cursor, limit),
    async simulateWebhook(trackingNumber, status) {
      const body = simulatedFedexWebhookBody(trackingNumber, status, clock.now());
      const headers = { [FEDEX_SIGNATURE_HEADER]: signFedexBody(body, await secrets.read('carrierWebhookSecret')) };
      const run = await carrierWebhook(body, headers, [trackingNumber], carrierWebhookDeps(log));
      return { signatureAccepted: true, released: run.released };
    },
    audit: auditLog(),
    clock,
  };
}
