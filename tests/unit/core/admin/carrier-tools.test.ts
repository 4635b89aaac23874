import { describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '../../../../functions/core/admin/audit';
import { runCarrierTool, type CarrierToolDeps } from '../../../../functions/core/admin-tools/run-carrier-tool';
import { isTestParcelClaim, TEST_PARCEL_CLAIM } from '../../../../functions/core/admin-tools/test-parcels';
import type { Carrier } from '../../../../functions/core/shipping/carrier-port';
import { BadRequestError, ConflictError } from '../../../../functions/lib/errors';
import { aDeliveredParcel, aParcel, aShippedOrder, NOW } from '../orders/order-fakes';

function deps(over: Partial<CarrierToolDeps> = {}, claims = new Map<string, string>()) {
  const audit: AuditRecord[] = [];
  const carrier: Carrier = {
    quoteRates: vi.fn(async () => []),
    createShipment: vi.fn(async () => ({
      trackingNumber: '794600000777',
      serviceType: 'FEDEX_GROUND',
      serviceName: 'FedEx Ground',
      chargeCents: 1305,
      labelPdfBase64: null,
      labelUrl: null,
    })),
    cancelShipment: vi.fn(),
    track: vi.fn(async (numbers: readonly string[]) => numbers.map((n) => aParcel(n))),
  };
  const d: CarrierToolDeps = {
    carrier,
    testParcels: {
      claim: async (n) => (claims.has(n) ? 'taken' : (claims.set(n, TEST_PARCEL_CLAIM), 'ok')),
      isTestParcel: async (n) => claims.get(n) === TEST_PARCEL_CLAIM,
    },
    shipped: async () => ({ orders: [], cursor: null }),
    simulateWebhook: vi.fn(async () => ({ signatureAccepted: true, released: 0 })),
    audit: { record: async (entry) => void audit.push(entry) },
    clock: { now: () => NOW },
    ...over,
  };
  return { d, audit, claims };
}

const route = { fromZip: '38116', toZip: '75063', weightLb: 2 };

describe('admin carrier tools (decision 066)', () => {
  it('records a label as a test parcel that no order can claim, and audits the run', async () => {
    const { d, audit, claims } = deps();
    const made = await runCarrierTool('ADMIN', { tool: 'label', ...route }, d);
    expect(made).toMatchObject({ tool: 'label', trackingNumber: '794600000777', testParcel: true });
    expect(isTestParcelClaim(claims.get('794600000777')!)).toBe(true);
    expect(isTestParcelClaim('01JORDERULID0000000000000')).toBe(false);
    expect(audit).toEqual([
      expect.objectContaining({ actorId: 'ADMIN', action: 'tool.carrier.label', subject: '794600000777' }),
    ]);
  });

  it("refuses a label whose number is claimed already (an order's)", async () => {
    const { d, audit } = deps({}, new Map([['794600000777', 'ORDER1']]));
    await expect(runCarrierTool('ADMIN', { tool: 'label', ...route }, d)).rejects.toBeInstanceOf(ConflictError);
    expect(audit).toHaveLength(0);
  });

  it("sends a simulated webhook only for a tool's test parcel, never an order's number", async () => {
    const { d } = deps({}, new Map([['ORDERPARCEL', 'ORDER1']]));
    const order = { tool: 'webhook', trackingNumber: 'ORDERPARCEL', status: 'delivered' } as const;
    await expect(runCarrierTool('ADMIN', order, d)).rejects.toBeInstanceOf(BadRequestError);
    expect(d.simulateWebhook).not.toHaveBeenCalled();

    await runCarrierTool('ADMIN', { tool: 'label', ...route }, d);
    const sent = await runCarrierTool('ADMIN', { ...order, trackingNumber: '794600000777' }, d);
    expect(sent).toEqual({
      tool: 'webhook',
      trackingNumber: '794600000777',
      signatureAccepted: true,
      escrowTriggered: false,
    });
  });

  it('checks all pending as a dry run: counts what would be released, releases nothing', async () => {
    const orders = [aShippedOrder('O1', 'T1'), aShippedOrder('O2', 'T2')];
    const { d } = deps({ shipped: async () => ({ orders, cursor: null }) });
    vi.mocked(d.carrier.track).mockImplementation(async () => [aDeliveredParcel('T1'), aParcel('T2')]);
    const run = await runCarrierTool('ADMIN', { tool: 'checkPending' }, d);
    expect(run).toEqual({ tool: 'checkPending', processed: 2, deliverable: 1, released: 0, errors: [] });
  });

  it('checks a single number: an unknown one is a result, not an error', async () => {
    const { d } = deps();
    vi.mocked(d.carrier.track).mockImplementation(async () => [
      { trackingNumber: 'X', found: false, code: 'NOTFOUND', message: 'Not found' },
    ]);
    const r = await runCarrierTool('ADMIN', { tool: 'checkSingle', trackingNumber: 'X' }, d);
    expect(r).toMatchObject({ tool: 'checkSingle', status: 'unknown', isDelivered: false, deliveredAt: null });
  });
});
