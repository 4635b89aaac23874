import { describe, expect, it, vi } from 'vitest';
import type { AccountFlags, RlusdLine } from '../../../../functions/core/ledger/ports';
import { escrowReadiness, escrowUnavailable } from '../../../../functions/core/orders/escrow-readiness';

const line: RlusdLine = { balanceCents: 100, balance: '1', limitCents: 100_000, limit: '1000', frozen: false };
const flags = (allowTrustLineLocking: boolean): AccountFlags => ({
  defaultRipple: true,
  requireDestinationTag: false,
  disallowXrp: false,
  disableMaster: false,
  allowTrustLineLocking,
});

function ledger(over: { amendment?: boolean; locking?: boolean; lines?: Record<string, RlusdLine | null> } = {}) {
  return {
    amendmentEnabled: vi.fn(async () => over.amendment ?? true),
    issuerFlags: vi.fn(async () => flags(over.locking ?? true)),
    rlusdLine: vi.fn(async (address: string) => (over.lines && address in over.lines ? over.lines[address]! : line)),
  };
}

let now = 0;
const clock = { now: () => new Date(now) };

describe('escrow readiness (decision 023)', () => {
  it('is ready when token escrow is on, the issuer allows locking and both parties hold RLUSD lines', async () => {
    expect(await escrowReadiness(ledger(), clock).check('rBuyer', ['rSeller'])).toBeNull();
  });

  it('names what is missing, in the order it matters', async () => {
    expect(await escrowReadiness(ledger({ amendment: false }), clock).check('rB', ['rS'])).toBe('feature_disabled');
    expect(await escrowReadiness(ledger({ locking: false }), clock).check('rB', ['rS'])).toBe('issuer_locking');
    expect(await escrowReadiness(ledger({ lines: { rS: null } }), clock).check('rB', ['rS'])).toBe('seller_no_line');
    expect(await escrowReadiness(ledger({ lines: { rS: { ...line, frozen: true } } }), clock).check('rB', ['rS'])).toBe(
      'seller_no_line',
    );
    expect(await escrowReadiness(ledger({ lines: { rB: null } }), clock).check('rB', ['rS'])).toBe('buyer_no_line');
    expect(await escrowReadiness(ledger(), clock).check('rB', [null])).toBe('seller_no_line');
  });

  it("reads the network rules at most once a minute, the parties' lines every time", async () => {
    const l = ledger();
    const r = escrowReadiness(l, clock);
    now = 0;
    await r.check('rB', ['rS']);
    now = 59_000;
    await r.check('rB', ['rS']);
    expect(l.amendmentEnabled).toHaveBeenCalledTimes(1);
    expect(l.rlusdLine).toHaveBeenCalledTimes(4);
    now = 61_000;
    await r.check('rB', ['rS']);
    expect(l.amendmentEnabled).toHaveBeenCalledTimes(2);
  });

  it("answers the spec's Escrow Not Available text for a disabled amendment, with its code", () => {
    const error = escrowUnavailable('feature_disabled');
    expect(error).toMatchObject({
      status: 409,
      code: 'FEATURE_NOT_ENABLED',
      message:
        'TokenEscrow feature is not enabled yet on this network. This transaction type is not currently supported.',
    });
  });
});
