import { describe, expect, it, vi } from 'vitest';
import type { SigningRequestRecord } from '../../../../functions/core/signing/requests';
import { requestRlusdTrustLine } from '../../../../functions/core/wallet/request-rlusd-trust-line';
import { settleTrustLine } from '../../../../functions/core/wallet/settle-trust-line';
import { trustSetTx, type TrustLineDeps } from '../../../../functions/core/wallet/trust-line';
import { testClock } from '../../../fixtures/test-clock';

const RLUSD = { currency: '524C555344000000000000000000000000000000', issuer: 'rIssuer' };

function deps(over: { hasLine?: boolean; verdict?: boolean } = {}) {
  const created: SigningRequestRecord[] = [];
  const d: TrustLineDeps = {
    users: {
      user: async () => ({ userId: 'U', username: 'u', walletAddress: 'rSeller', role: 'user', createdAt: '' }),
    },
    ledger: {
      rlusdLine: async () =>
        over.hasLine ? { balanceCents: 0, balance: '0', limitCents: 0, limit: '1000000000', frozen: false } : null,
      verifySignedBlob: vi.fn(async () =>
        over.verdict === false
          ? { ok: false as const, reason: "The blob's LimitAmount differs from the request" }
          : { ok: true as const, account: 'rSeller', txid: 'T', tx: {} },
      ),
      submitAndWait: vi.fn(async () => ({
        status: 'success' as const,
        txid: 'T',
        ledgerIndex: 5,
        deliveredAmount: null,
      })),
    },
    signer: {
      create: vi.fn(async () => ({
        uuid: 'P1',
        signUrl: 'http://sign/P1',
        qrPngUrl: 'http://qr',
        websocketUrl: 'ws://x',
      })),
      get: async () =>
        ({
          uuid: 'P1',
          status: 'signed',
          txType: 'TrustSet',
          opened: true,
          expiresAt: '',
          response: { hex: 'BLOB', txid: 'T', account: 'rSeller', signerPubkey: null },
          customMeta: { identifier: null, instruction: null, blob: null },
        }) as const,
    },
    store: {
      create: async (r) => void created.push(r),
      get: vi.fn(),
      updateIfPending: vi.fn(),
      recordCheck: vi.fn(),
      markCompleted: vi.fn(),
    },
    queue: { enqueue: vi.fn(async () => {}) },
    rlusd: RLUSD,
    clock: testClock('2026-11-24T10:00:00Z'),
    log: { warn: vi.fn() },
  };
  return { d, created };
}

describe("a seller's RLUSD trust line", () => {
  it("asks the wallet for a TrustSet to RLUSD's issuer when the line is missing, followed by the signing queue", async () => {
    const { d, created } = deps();
    const answer = await requestRlusdTrustLine('U', d);
    expect(answer).toMatchObject({ status: 'signing', uuid: 'P1', signUrl: 'http://sign/P1', topic: 'signing:P1' });
    expect(d.signer.create).toHaveBeenCalledWith(expect.objectContaining({ txjson: trustSetTx('rSeller', RLUSD) }));
    expect(trustSetTx('rSeller', RLUSD)).toEqual({
      TransactionType: 'TrustSet',
      Account: 'rSeller',
      LimitAmount: { ...RLUSD, value: '1000000000' },
      Flags: 0x00020000,
    });
    expect(created[0]).toMatchObject({ purpose: 'trust-line', subjectId: 'U', status: 'pending' });
    expect(d.queue.enqueue).toHaveBeenCalledWith({ uuid: 'P1', purpose: 'trust-line', attempt: 1 }, 2);
  });

  it('asks nothing when the line exists', async () => {
    const { d } = deps({ hasLine: true });
    expect(await requestRlusdTrustLine('U', d)).toEqual({ status: 'exists' });
    expect(d.signer.create).not.toHaveBeenCalled();
  });

  it('submits a signed TrustSet only when it is exactly the one asked for', async () => {
    const signed = { uuid: 'P1', purpose: 'trust-line', subjectId: 'U', status: 'signed' } as const;
    const good = deps();
    await settleTrustLine(signed, good.d);
    expect(good.d.ledger.submitAndWait).toHaveBeenCalledWith('BLOB');
    const bad = deps({ verdict: false });
    await settleTrustLine(signed, bad.d);
    expect(bad.d.ledger.submitAndWait).not.toHaveBeenCalled();
    const rejected = deps();
    await settleTrustLine({ ...signed, status: 'cancelled' }, rejected.d);
    expect(rejected.d.ledger.verifySignedBlob).not.toHaveBeenCalled();
  });
});
