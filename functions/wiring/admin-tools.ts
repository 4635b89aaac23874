import { randomBytes, randomUUID } from 'node:crypto';
import { carrier } from '../adapters/carrier/fedex-carrier';
import {
  FEDEX_SIGNATURE_HEADER,
  signFedexBody,
  simulatedFedexWebhookBody,
} from '../adapters/carrier/fedex-webhook-signature';
import { clock } from '../adapters/clock';
import { orderShipmentStore } from '../adapters/db/order-shipment-store';
import { db } from '../adapters/db/service';
import { jobLeases } from '../adapters/db/job-lease-store';
import { readSelfEscrows } from '../adapters/ledger/escrows';
import { loadLedger } from '../adapters/load-ledger';
import { testParcelStore } from '../adapters/db/test-parcel-store';
import { secrets } from '../adapters/secrets';
import type { CarrierToolDeps } from '../core/admin-tools/run-carrier-tool';
import type { EscrowTestDeps } from '../core/admin-tools/run-escrow-test';
import { carrierWebhook } from '../core/shipping/carrier-webhook';
import type { Logger } from '../lib/logger';
import { auditLog } from './audit';
import { escrowReadinessOf, orderViewContext, settlementDeps } from './orders';
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

/**
 * The admin escrow test (decision 070): the ledger gateway and platform account settlement uses (one per container, so
 * the test and settlements keep their sequences apart), checkout's escrow preconditions, the explorer links of order
 * pages, and the job leases for one test at a time.
 */
export async function escrowTestDeps(log: Pick<Logger, 'warn' | 'error'>): Promise<EscrowTestDeps> {
  const [ledger, { platform }] = await Promise.all([loadLedger(), settlementDeps(log)]);
  return {
    ledger,
    readiness: escrowReadinessOf(ledger),
    platform,
    rlusd: ledger.rlusd,
    earlierTests: () => readSelfEscrows(ledger.connection, platform.address, 10),
    leases: jobLeases(db()),
    randomBytes: (n) => randomBytes(n),
    newId: randomUUID,
    transactionUrl: orderViewContext().transactionUrl,
    realMs: Date.now,
    audit: auditLog(),
    clock,
  };
}
