import type { CarrierToolInput, CarrierToolResult } from '../../../shared/api/admin-tools';
import { BadRequestError, ConflictError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { OrderRecord } from '../orders/order';
import { deliveredToBuyer } from '../orders/parcel-evidence';
import { TRACK_BATCH_MAX, type Carrier, type ShippingParty } from '../shipping/carrier-port';
import type { AuditLog } from '../admin/audit';
import type { TestParcelStore } from './test-parcels';

export interface CarrierToolDeps {
  carrier: Carrier;
  testParcels: TestParcelStore;
  /** Shipped orders, a page at a time (the delivery schedule's read; checkPending only looks). */
  shipped(cursor: string | null, limit: number): Promise<{ orders: OrderRecord[]; cursor: string | null }>;
  /**
   * Sends a webhook shaped and signed like the carrier's through the carrier webhook's own use case; answers whether
   * the signature was accepted and how many escrows it released.
   */
  simulateWebhook(trackingNumber: string, status: string): Promise<{ signatureAccepted: boolean; released: number }>;
  audit: AuditLog;
  clock: Clock;
}

/** The test parties a tool's label is made between: the marketplace's own test addresses, never a user's. */
const party = (zip: string, name: string): ShippingParty => ({
  name,
  phone: '9015550100',
  streetLines: ['1 Test Parcel Way'],
  city: 'MEMPHIS',
  state: 'TN',
  zip,
});

/** The most shipped orders checkPending looks at in one run (it is a spot check, not the schedule). */
export const CHECK_PENDING_MAX = 300;

/**
 * One admin carrier test (decision 066), recorded in the audit log. No tool can release an order: a label is recorded
 * as a test parcel, a simulated webhook may name only test parcels, and checkPending is a dry run that only counts.
 */
export async function runCarrierTool(
  actorId: string,
  input: CarrierToolInput,
  deps: CarrierToolDeps,
): Promise<CarrierToolResult> {
  const result = await run(input, deps);
  const at = deps.clock.now();
  const subject = 'trackingNumber' in result ? result.trackingNumber : null;
  await deps.audit.record({ actorId, action: `tool.carrier.${input.tool}`, subject, before: null, after: result }, at);
  return result;
}

async function run(input: CarrierToolInput, deps: CarrierToolDeps): Promise<CarrierToolResult> {
  switch (input.tool) {
    case 'rates': {
      const quotes = await deps.carrier.quoteRates({
        fromZip: input.fromZip,
        toZip: input.toZip,
        packages: [{ weightLb: input.weightLb }],
      });
      return {
        tool: 'rates',
        quotes: quotes.map((q) => ({
          serviceType: q.serviceType,
          serviceName: q.serviceName,
          amountCents: q.amountCents,
          transitDays: q.transitDays,
          deliveryDay: q.deliveryDay,
        })),
      };
    }
    case 'label': {
      const made = await deps.carrier.createShipment({
        serviceType: input.serviceType || 'FEDEX_GROUND',
        shipper: party(input.fromZip, 'Marketplace Test Sender'),
        recipient: party(input.toZip, 'Marketplace Test Recipient'),
        packages: [{ weightLb: input.weightLb }],
        reference: 'ADMIN-TEST',
      });
      const claimed = await deps.testParcels.claim(made.trackingNumber, deps.clock.now().toISOString());
      if (claimed === 'taken') throw new ConflictError('The carrier returned a tracking number that is already in use');
      return {
        tool: 'label',
        trackingNumber: made.trackingNumber,
        serviceType: made.serviceType,
        chargeCents: made.chargeCents,
        testParcel: true,
      };
    }
    case 'track': {
      const [r] = await deps.carrier.track([input.trackingNumber]);
      if (!r?.found) {
        return {
          tool: 'track',
          trackingNumber: input.trackingNumber,
          found: false,
          status: 'unknown',
          description: r?.message ?? 'Not found',
          events: [],
        };
      }
      return {
        tool: 'track',
        trackingNumber: r.trackingNumber,
        found: true,
        status: r.status,
        description: r.statusDescription,
        events: r.events.map((e) => ({ at: e.at, status: e.status, description: e.description })),
      };
    }
    case 'checkSingle': {
      const [r] = await deps.carrier.track([input.trackingNumber]);
      const found = r?.found ? r : null;
      return {
        tool: 'checkSingle',
        trackingNumber: input.trackingNumber,
        status: found?.status ?? 'unknown',
        isDelivered: found?.status === 'delivered',
        deliveredAt: found?.deliveredAt ?? null,
        lastUpdate: found?.events[0]?.at ?? null,
      };
    }
    case 'checkPending':
      return { tool: 'checkPending', ...(await dryRunDeliveries(deps)) };
    case 'webhook': {
      if (!(await deps.testParcels.isTestParcel(input.trackingNumber))) {
        throw new BadRequestError('Only a tracking number made by the label tool can be sent in a simulated webhook');
      }
      const sent = await deps.simulateWebhook(input.trackingNumber, input.status);
      return {
        tool: 'webhook',
        trackingNumber: input.trackingNumber,
        signatureAccepted: sent.signatureAccepted,
        escrowTriggered: sent.released > 0,
      };
    }
  }
}

/** The delivery check without its writes: which shipped orders the carrier would show delivered to their buyer. */
async function dryRunDeliveries(deps: CarrierToolDeps) {
  const errors: string[] = [];
  let processed = 0;
  let deliverable = 0;
  let cursor: string | null = null;
  do {
    const page = await deps.shipped(cursor, CHECK_PENDING_MAX - processed);
    const parcels = page.orders.filter((o) => o.status === 'shipped' && o.shipment.trackingNumber);
    for (let i = 0; i < parcels.length; i += TRACK_BATCH_MAX) {
      const batch = parcels.slice(i, i + TRACK_BATCH_MAX);
      try {
        const results = await deps.carrier.track(batch.map((o) => o.shipment.trackingNumber!));
        deliverable += batch.filter((o, j) => deliveredToBuyer(results[j], o) !== null).length;
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
      processed += batch.length;
    }
    cursor = page.cursor;
  } while (cursor && processed < CHECK_PENDING_MAX);
  return { processed, deliverable, released: 0, errors };
}
