import { describe, expect, it, vi } from 'vitest';
import type { AccountBalances, AccountState, NetworkCosts, RlusdLine } from '../../../../functions/core/ledger/ports';
import { AppError } from '../../../../functions/lib/errors';
import { sendFunds, type SendFundsDeps } from '../../../../functions/core/sends/send-funds';
import {
  sendRefusal,
  spendableRlusdCents,
  spendableXrpDrops,
  type SendSituation,
} from '../../../../functions/core/sends/send-rules';
import {
  NOT_THE_PAYMENT,
  settleSendFunds,
  type SettleSendDeps,
} from '../../../../functions/core/sends/settle-send-funds';
import { sendPaymentTx, type SendRecord } from '../../../../functions/core/sends/sends';
import { testClock } from '../../../fixtures/test-clock';

const RLUSD = { currency: '524C555344000000000000000000000000000000', issuer: 'rIssuer' };
const costs: NetworkCosts = { baseReserveDrops: '1000000', ownerReserveDrops: '200000', feeDrops: '12' };

const line = (cents: number, over: Partial<RlusdLine> = {}): RlusdLine => ({
  balanceCents: cents,
  balance: String(cents / 100),
  limitCents: 100_000_000_000,
  limit: '1000000000',
  frozen: false,
  ...over,
});

/** 20 XRP with one owned object (its trust line): reserve 1.2 XRP. */
const senderBalances = (rlusd: RlusdLine | null = line(5_000)): AccountBalances => ({
  address: 'rMe',
  xrp: { totalDrops: '20000000', reserveDrops: '1200000', spendableDrops: '18800000' },
  rlusd,
});

const account = (flags: Partial<AccountState['flags']> = {}): AccountState => ({
  address: 'rYou',
  sequence: 1,
  balanceDrops: '5000000',
  ownerCount: 1,
  regularKey: null,
  flags: {
    defaultRipple: false,
    requireDestinationTag: false,
    disallowXrp: false,
    disableMaster: false,
    allowTrustLineLocking: false,
    ...flags,
  },
});

const rlusd = (cents: number, over: Partial<SendSituation> = {}): SendSituation => ({
  sender: 'rMe',
  amount: { currency: 'RLUSD', cents },
  destination: 'rYou',
  destinationTag: null,
  senderBalances: senderBalances(),
  destinationAccount: account(),
  destinationLine: line(0),
  costs,
  ...over,
});

const xrp = (drops: string, over: Partial<SendSituation> = {}): SendSituation => ({
  ...rlusd(0, over),
  amount: { currency: 'XRP', drops },
  destinationLine: null,
  ...over,
});

const codeOf = (s: SendSituation) => sendRefusal(s)?.code ?? null;

describe('the send rules (decision 060)', () => {
  it('spends XRP above the reserve and the fee only, and RLUSD up to an unfrozen line', () => {
    expect(spendableXrpDrops(senderBalances(), costs)).toBe(20_000_000n - 1_200_000n - 12n);
    expect(spendableXrpDrops(null, costs)).toBe(0n);
    const poor = { ...senderBalances(), xrp: { totalDrops: '1200005', reserveDrops: '1200000', spendableDrops: '5' } };
    expect(spendableXrpDrops(poor, costs)).toBe(0n);
    expect(spendableRlusdCents(senderBalances())).toBe(5_000);
    expect(spendableRlusdCents(senderBalances(line(5_000, { frozen: true })))).toBe(0);
    expect(spendableRlusdCents(senderBalances(null))).toBe(0);
  });

  it('lets XRP go up to the spendable balance and names the most in the refusal', () => {
    expect(codeOf(xrp('18799988'))).toBeNull();
    const over = sendRefusal(xrp('18799989'));
    expect(over).toMatchObject({ code: 'insufficient_funds', field: 'amount' });
    expect(over?.message).toBe(
      'Not enough XRP: you can send at most 18.799988 XRP (your balance minus the 1.2 XRP reserve and the network fee).',
    );
    expect(codeOf(xrp('1', { senderBalances: null }))).toBe('insufficient_funds');
  });

  it('creates an XRP account only with at least the base reserve, and respects an account that disallows XRP', () => {
    expect(codeOf(xrp('999999', { destinationAccount: null }))).toBe('destination_needs_reserve');
    expect(sendRefusal(xrp('999999', { destinationAccount: null }))?.message).toBe(
      'The destination account does not exist yet: send at least 1 XRP to create it.',
    );
    expect(codeOf(xrp('1000000', { destinationAccount: null }))).toBeNull();
    expect(codeOf(xrp('1', { destinationAccount: account({ disallowXrp: true }) }))).toBe('destination_refuses_xrp');
  });

  it('sends RLUSD up to the balance of an unfrozen line, with XRP left for the fee', () => {
    expect(codeOf(rlusd(5_000))).toBeNull();
    expect(sendRefusal(rlusd(5_001))).toMatchObject({
      code: 'insufficient_funds',
      message: 'Not enough RLUSD: you can send at most $50.00.',
    });
    expect(codeOf(rlusd(1, { senderBalances: senderBalances(null) }))).toBe('insufficient_funds');
    expect(codeOf(rlusd(1, { senderBalances: senderBalances(line(5_000, { frozen: true })) }))).toBe('rlusd_frozen');
    const noFee = { ...senderBalances(), xrp: { totalDrops: '1200005', reserveDrops: '1200000', spendableDrops: '5' } };
    expect(codeOf(rlusd(1, { senderBalances: noFee }))).toBe('insufficient_xrp_for_fee');
  });

  it('sends RLUSD only to an existing account with an unfrozen RLUSD trust line that has room for it', () => {
    expect(codeOf(rlusd(100, { destinationAccount: null, destinationLine: null }))).toBe('destination_not_found');
    expect(sendRefusal(rlusd(100, { destinationLine: null }))).toMatchObject({
      code: 'destination_no_trust_line',
      field: 'destination',
      message: 'The destination has no RLUSD trust line, so it cannot receive RLUSD.',
    });
    expect(codeOf(rlusd(100, { destinationLine: line(0, { frozen: true }) }))).toBe('destination_frozen');
    expect(codeOf(rlusd(100, { destinationLine: line(950, { limitCents: 1_000 }) }))).toBe('destination_limit');
    expect(codeOf(rlusd(50, { destinationLine: line(950, { limitCents: 1_000 }) }))).toBeNull();
  });

  it('never sends to oneself (a bad request), and gives a tag where the destination requires one', () => {
    expect(sendRefusal(rlusd(1, { destination: 'rMe' }))).toMatchObject({ code: 'send_to_self', invalid: true });
    const tagged = account({ requireDestinationTag: true });
    expect(codeOf(xrp('1', { destinationAccount: tagged }))).toBe('destination_tag_required');
    expect(codeOf(rlusd(1, { destinationAccount: tagged }))).toBe('destination_tag_required');
    expect(codeOf(rlusd(1, { destinationAccount: tagged, destinationTag: 0 }))).toBeNull();
  });
});

describe('the Payment a send asks for', () => {
  it('is exactly the amount (RLUSD as a decimal of cents, XRP in drops) to the destination, with its tag if any', () => {
    const base = { senderAddress: 'rMe', destination: 'rYou', destinationTag: null };
    expect(sendPaymentTx({ ...base, amount: { currency: 'RLUSD', cents: 1_234 } }, RLUSD)).toEqual({
      TransactionType: 'Payment',
      Account: 'rMe',
      Destination: 'rYou',
      Amount: { ...RLUSD, value: '12.34' },
    });
    expect(sendPaymentTx({ ...base, destinationTag: 7, amount: { currency: 'XRP', drops: '2500000' } }, RLUSD)).toEqual(
      { TransactionType: 'Payment', Account: 'rMe', Destination: 'rYou', Amount: '2500000', DestinationTag: 7 },
    );
  });
});

function sendDeps(over: { line?: RlusdLine | null } = {}) {
  const sends: SendRecord[] = [];
  const d: SendFundsDeps = {
    users: { user: async () => ({ userId: 'U', username: 'me', walletAddress: 'rMe', role: 'user', createdAt: '' }) },
    ledger: {
      balances: async () => senderBalances(),
      accountState: async () => account(),
      rlusdLine: async () => (over.line === undefined ? line(0) : over.line),
      networkCosts: async () => costs,
    },
    sends: { create: async (s) => void sends.push(s) },
    signer: {
      create: vi.fn(async () => ({ uuid: 'P1', signUrl: 'http://sign/P1', qrPngUrl: 'http://qr', websocketUrl: '' })),
    },
    store: { create: vi.fn(async () => {}) },
    queue: { enqueue: vi.fn(async () => {}) },
    rlusd: RLUSD,
    clock: testClock('2026-11-24T10:00:00Z'),
    newId: () => 'S1',
    limit: vi.fn(async () => {}),
  };
  return { d, sends };
}

describe('sendFunds', () => {
  it('records the send with its wallet request, for exactly that Payment', async () => {
    const { d, sends } = sendDeps();
    const answer = await sendFunds('U', { currency: 'RLUSD', amountCents: 250, destination: 'rYou' }, d);
    expect(answer).toEqual({
      sendId: 'S1',
      uuid: 'P1',
      signUrl: 'http://sign/P1',
      qrPngUrl: 'http://qr',
      expiresAt: '2026-11-24T10:05:00.000Z',
      topic: 'signing:P1',
    });
    expect(d.signer.create).toHaveBeenCalledWith(
      expect.objectContaining({
        txjson: {
          TransactionType: 'Payment',
          Account: 'rMe',
          Destination: 'rYou',
          Amount: { ...RLUSD, value: '2.50' },
        },
      }),
    );
    expect(sends).toEqual([
      expect.objectContaining({
        sendId: 'S1',
        senderId: 'U',
        status: 'signing',
        signing: expect.objectContaining({ uuid: 'P1' }),
      }),
    ]);
    expect(d.store.create).toHaveBeenCalledWith(expect.objectContaining({ purpose: 'send-funds', subjectId: 'S1' }));
    expect(d.limit).toHaveBeenCalledWith('U');
  });

  it('refuses before asking the wallet: 422 with the field, 400 for oneself', async () => {
    const { d, sends } = sendDeps({ line: null });
    const refused = await sendFunds('U', { currency: 'RLUSD', amountCents: 1, destination: 'rYou' }, d).catch((e) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ status: 422, code: 'destination_no_trust_line' });
    expect((refused as AppError).fields).toEqual({
      destination: 'The destination has no RLUSD trust line, so it cannot receive RLUSD.',
    });
    const self = await sendFunds('U', { currency: 'XRP', amountDrops: '1', destination: 'rMe' }, d).catch((e) => e);
    expect(self).toMatchObject({ status: 400, code: 'send_to_self' });
    // A refused send is not counted against the user's limit.
    expect(d.limit).not.toHaveBeenCalled();
    expect(d.signer.create).not.toHaveBeenCalled();
    expect(sends).toEqual([]);
  });
});

const stored = (over: Partial<SendRecord> = {}): SendRecord => ({
  sendId: 'S1',
  senderId: 'U',
  senderAddress: 'rMe',
  amount: { currency: 'XRP', drops: '2000000' },
  destination: 'rYou',
  destinationTag: null,
  status: 'signing',
  signing: { uuid: 'P1', signUrl: '', qrPngUrl: '', expiresAt: '' },
  txHash: null,
  ledgerIndex: null,
  failure: null,
  createdAt: '',
  updatedAt: '',
  ...over,
});

function settleDeps(send: SendRecord, over: { verdict?: boolean; outcome?: 'success' | 'failed' | 'timeout' } = {}) {
  const d: SettleSendDeps = {
    sends: {
      create: vi.fn(),
      get: async () => send,
      startSubmitting: vi.fn(async () => true),
      finish: vi.fn(async () => true),
    },
    signer: {
      get: async () =>
        ({
          uuid: 'P1',
          status: 'signed',
          txType: 'Payment',
          opened: true,
          expiresAt: '',
          response: { hex: 'BLOB', txid: 'T', account: 'rMe', signerPubkey: null },
          customMeta: { identifier: null, instruction: null, blob: null },
        }) as const,
    },
    ledger: {
      verifySignedBlob: vi.fn(async () =>
        over.verdict === false
          ? { ok: false as const, reason: "The blob's Amount differs from the request" }
          : { ok: true as const, account: 'rMe', txid: 'T', tx: {} },
      ),
      submitAndWait: vi.fn(async () =>
        over.outcome === 'failed'
          ? { status: 'failed' as const, code: 'tecPATH_DRY', txid: 'T', ledgerIndex: 9 }
          : over.outcome === 'timeout'
            ? { status: 'timeout' as const, txid: 'T', preliminaryCode: null }
            : { status: 'success' as const, txid: 'T', ledgerIndex: 9, deliveredAmount: null },
      ),
    },
    rlusd: RLUSD,
    clock: testClock('2026-11-24T10:01:00Z'),
    log: { warn: vi.fn() },
  };
  return d;
}

const signed = { uuid: 'P1', purpose: 'send-funds' as const, subjectId: 'S1', status: 'signed' as const };
const AT = '2026-11-24T10:01:00.000Z';

describe('settling a send', () => {
  it('submits a blob that is exactly the Payment, its hash recorded first, and ends it sent', async () => {
    const send = stored();
    const d = settleDeps(send);
    await settleSendFunds(signed, d);
    expect(d.ledger.verifySignedBlob).toHaveBeenCalledWith('BLOB', sendPaymentTx(send, RLUSD));
    expect(d.sends.startSubmitting).toHaveBeenCalledWith('S1', 'T', AT);
    expect(d.sends.finish).toHaveBeenCalledWith(
      'S1',
      'submitting',
      { status: 'sent', txHash: 'T', ledgerIndex: 9 },
      AT,
    );
  });

  it('never submits another blob: the send fails without moving funds', async () => {
    const d = settleDeps(stored(), { verdict: false });
    await settleSendFunds(signed, d);
    expect(d.ledger.submitAndWait).not.toHaveBeenCalled();
    expect(d.sends.finish).toHaveBeenCalledWith('S1', 'signing', { status: 'failed', failure: NOT_THE_PAYMENT }, AT);
  });

  it("reports the ledger's refusal, resubmits a recorded one on a rerun, and retries a timeout", async () => {
    const failed = settleDeps(stored(), { outcome: 'failed' });
    await settleSendFunds(signed, failed);
    expect(failed.sends.finish).toHaveBeenCalledWith(
      'S1',
      'submitting',
      {
        status: 'failed',
        failure:
          'The destination could not receive this RLUSD (no trust line, frozen, or full). Only the network fee was charged.',
      },
      AT,
    );
    const rerun = settleDeps(stored({ status: 'submitting', txHash: 'T' }));
    await settleSendFunds(signed, rerun);
    expect(rerun.ledger.verifySignedBlob).not.toHaveBeenCalled();
    expect(rerun.ledger.submitAndWait).toHaveBeenCalledWith('BLOB', expect.anything());
    const slow = settleDeps(stored(), { outcome: 'timeout' });
    await expect(settleSendFunds(signed, slow)).rejects.toThrow('not validated yet');
    expect(slow.sends.finish).not.toHaveBeenCalled();
  });

  it('ends a rejected or lapsed request without a blob, and leaves other requests and ended sends alone', async () => {
    const d = settleDeps(stored());
    await settleSendFunds({ ...signed, status: 'cancelled' }, d);
    expect(d.sends.finish).toHaveBeenCalledWith('S1', 'signing', { status: 'cancelled' }, AT);
    await settleSendFunds({ ...signed, status: 'timed_out' }, d);
    expect(d.sends.finish).toHaveBeenLastCalledWith('S1', 'signing', { status: 'expired' }, AT);
    const other = settleDeps(stored({ signing: { uuid: 'P0', signUrl: '', qrPngUrl: '', expiresAt: '' } }));
    await settleSendFunds(signed, other);
    const ended = settleDeps(stored({ status: 'sent', txHash: 'T' }));
    await settleSendFunds(signed, ended);
    for (const x of [other, ended]) {
      expect(x.ledger.submitAndWait).not.toHaveBeenCalled();
      expect(x.sends.finish).not.toHaveBeenCalled();
    }
  });
});
