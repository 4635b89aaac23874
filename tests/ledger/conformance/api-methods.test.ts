import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet, type LedgerStream, type TransactionStream } from 'xrpl';
import { RLUSD, TestLedger, XRP, ledgerTime, preimagePair } from './helpers';

let t: TestLedger;
let alice: Wallet;
let bob: Wallet;

beforeAll(async () => {
  t = await TestLedger.start('api-methods');
  [alice, bob] = (await t.funded(2)) as [Wallet, Wallet];
});

afterAll(async () => {
  await t?.stop();
});

const pay = (destination: string, drops: number) => ({
  TransactionType: 'Payment',
  Destination: destination,
  Amount: String(drops),
});

async function rpcError(request: Record<string, unknown>): Promise<Record<string, unknown>> {
  try {
    await t.client.request(request as never);
  } catch (error) {
    return (error as { data: Record<string, unknown> }).data;
  }
  throw new Error(`${String(request.command)} did not fail`);
}

describe('server methods', () => {
  it('server_info: validated ledger, fees and reserves in XRP', async () => {
    const { info } = (await t.client.request({ command: 'server_info' })).result;
    expect(info.server_state).toBe('full');
    expect(info.validated_ledger).toMatchObject({ base_fee_xrp: 0.00001, reserve_base_xrp: 1, reserve_inc_xrp: 0.2 });
    const validated = await t.client.getLedgerIndex();
    // The node closes every 200 ms: the validated ledger may have moved on between the two requests.
    expect(info.validated_ledger!.seq).toBeLessThanOrEqual(validated);
    expect(info.validated_ledger!.seq).toBeGreaterThan(validated - 3);
    expect(info.complete_ledgers).toMatch(/^\d+-\d+$/);
    expect(info.complete_ledgers.split('-')[1]).toBe(String(info.validated_ledger!.seq));
  });

  it('server_state: the same in drops', async () => {
    const { state } = (await t.client.request({ command: 'server_state' })).result;
    expect(state.validated_ledger).toMatchObject({ base_fee: 10, reserve_base: XRP, reserve_inc: 200_000 });
  });

  it("ping answers as rippled's admin port (Ping.cpp: role admin, unlimited on a WebSocket session)", async () => {
    const res = await t.client.request({ command: 'ping' });
    expect(res.type).toBe('response');
    expect(res.result).toEqual({ role: 'admin', unlimited: true });
  });

  it('fee: drops and the open ledger index', async () => {
    const { result } = await t.client.request({ command: 'fee' });
    expect(result.drops).toMatchObject({ base_fee: '10', minimum_fee: '10', open_ledger_fee: '10' });
    const current = (await t.client.request({ command: 'ledger_current' })).result.ledger_current_index;
    // The node closes every 200 ms, so the open ledger may have moved on in between.
    expect(result.ledger_current_index).toBeLessThanOrEqual(current);
    expect(result.ledger_current_index).toBeGreaterThan(current - 3);
  });

  it('feature: lists TokenEscrow enabled; an unknown amendment is badFeature', async () => {
    const all = await t.client.request({ command: 'feature' });
    const features = Object.values((all.result as unknown as { features: Record<string, { name: string }> }).features);
    expect(features.map((f) => f.name)).toContain('TokenEscrow');
    expect(await rpcError({ command: 'feature', feature: 'NoSuchAmendment' })).toMatchObject({ error: 'badFeature' });
  });
});

describe('account methods', () => {
  it('account_info: current (open) vs validated ledger; actNotFound for an unknown account', async () => {
    const current = await t.client.request({ command: 'account_info', account: alice.classicAddress });
    expect(current.result.validated).toBe(false);
    expect(current.result.ledger_current_index).toBeGreaterThan(0);
    const validated = await t.client.request({
      command: 'account_info',
      account: alice.classicAddress,
      ledger_index: 'validated',
    });
    expect(validated.result.validated).toBe(true);
    expect(validated.result.ledger_index).toBeLessThanOrEqual(await t.client.getLedgerIndex());
    expect(validated.result.account_data).toMatchObject({
      Account: alice.classicAddress,
      LedgerEntryType: 'AccountRoot',
    });
    expect(await rpcError({ command: 'account_info', account: Wallet.generate().classicAddress })).toMatchObject({
      error: 'actNotFound',
    });
    expect(await rpcError({ command: 'account_info', account: 'not-an-address' })).toMatchObject({
      error: 'actMalformed',
    });
  });

  it('account_objects: trust lines and escrows, filtered by type, paged by marker', async () => {
    const [owner] = (await t.funded(1)) as [Wallet];
    await t.apply(owner, {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: RLUSD, issuer: t.issuer.classicAddress, value: '100' },
    });
    const now = await ledgerTime(t.client);
    const root = await t.root(owner.classicAddress);
    for (let i = 0; i < 11; i += 1) {
      const prepared = await t.client.autofill({
        TransactionType: 'EscrowCreate',
        Account: owner.classicAddress,
        Destination: bob.classicAddress,
        Amount: '1000',
        Condition: preimagePair().condition,
        CancelAfter: now + 3600,
        Sequence: root.Sequence + i,
      });
      expect((await t.submitBlob(owner.sign(prepared).tx_blob)).engine_result).toBe('tesSUCCESS');
    }
    t.node.closeLedger();
    const request = { command: 'account_objects', account: owner.classicAddress, ledger_index: 'validated' } as const;
    const all = await t.client.request(request);
    expect(all.result.account_objects).toHaveLength(12);
    const lines = await t.client.request({ ...request, type: 'state' });
    expect(lines.result.account_objects.map((o) => o.LedgerEntryType)).toEqual(['RippleState']);
    const escrows = await t.client.request({ ...request, type: 'escrow' });
    expect(escrows.result.account_objects).toHaveLength(11);

    const first = await t.client.request({ ...request, limit: 10 });
    expect(first.result.account_objects).toHaveLength(10);
    const second = await t.client.request({ ...request, limit: 10, marker: first.result.marker });
    expect(second.result.account_objects).toHaveLength(2);
    expect(second.result.marker).toBeUndefined();
    const indexes = new Set([...first.result.account_objects, ...second.result.account_objects].map((o) => o.index));
    expect(indexes.size).toBe(12);
    expect(await rpcError({ ...request, type: 'nonsense' })).toMatchObject({ error: 'invalidParams' });
  });

  it('account_tx: newest first, forward order, limit and marker paging', async () => {
    const [sender] = (await t.funded(1)) as [Wallet];
    const root = await t.root(sender.classicAddress);
    const hashes: string[] = [];
    for (let i = 0; i < 12; i += 1) {
      const prepared = await t.client.autofill({
        TransactionType: 'Payment',
        Account: sender.classicAddress,
        Destination: bob.classicAddress,
        Amount: String(1000 + i),
        Sequence: root.Sequence + i,
      });
      const submitted = await t.submitBlob(sender.sign(prepared).tx_blob);
      hashes.push(submitted.tx_json.hash!);
      // Spread them over several ledgers so paging crosses ledger boundaries.
      if (i % 5 === 4) t.node.closeLedger();
    }
    t.node.closeLedger();
    const request = { command: 'account_tx', account: sender.classicAddress } as const;
    const all = await t.client.request(request);
    // The faucet payment that created the account is the oldest.
    expect(all.result.transactions).toHaveLength(13);
    expect(all.result.transactions.slice(0, 12).map((e) => e.hash)).toEqual([...hashes].reverse());
    const entry = all.result.transactions[0]!;
    expect(entry).toMatchObject({ validated: true, tx_json: { Account: sender.classicAddress } });
    expect((entry.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS');

    const forward = await t.client.request({ ...request, forward: true });
    expect(forward.result.transactions.slice(1).map((e) => e.hash)).toEqual(hashes);

    const first = await t.client.request({ ...request, forward: true, limit: 10 });
    expect(first.result.transactions).toHaveLength(10);
    expect(first.result.marker).toBeDefined();
    const second = await t.client.request({ ...request, forward: true, limit: 10, marker: first.result.marker });
    expect(second.result.marker).toBeUndefined();
    const paged = [...first.result.transactions, ...second.result.transactions].map((e) => e.hash);
    expect(paged).toEqual(forward.result.transactions.map((e) => e.hash));
  });
});

describe('ledger methods', () => {
  it('ledger current / closed / validated; ledger_current and ledger_closed agree', async () => {
    const current = await t.client.request({ command: 'ledger', ledger_index: 'current' });
    expect(current.result.ledger.closed).toBe(false);
    const closedIndex = (await t.client.request({ command: 'ledger_closed' })).result;
    const validated = await t.client.request({ command: 'ledger', ledger_index: 'validated' });
    expect(typeof validated.result.ledger_index).toBe('number');
    expect(validated.result.validated).toBe(true);
    expect(validated.result.ledger_index).toBeGreaterThanOrEqual(closedIndex.ledger_index);
    const closed = await t.client.request({ command: 'ledger', ledger_index: 'closed' });
    expect(closed.result.ledger.closed).toBe(true);
    const currentIndex = (await t.client.request({ command: 'ledger_current' })).result.ledger_current_index;
    expect(currentIndex).toBeGreaterThan(closedIndex.ledger_index);
    expect(await rpcError({ command: 'ledger', ledger_index: currentIndex + 1000 })).toMatchObject({
      error: 'lgrNotFound',
    });
  });

  it('a closed ledger with transactions (hashes, and expanded with tx_json and meta), by index and by hash', async () => {
    const done = await t.apply(alice, pay(bob.classicAddress, 4321));
    const byIndex = await t.client.request({ command: 'ledger', ledger_index: done.ledger_index, transactions: true });
    expect(byIndex.result.ledger.transactions).toEqual([done.hash]);
    const expanded = await t.client.request({
      command: 'ledger',
      ledger_index: done.ledger_index,
      transactions: true,
      expand: true,
    });
    const [entry] = expanded.result.ledger.transactions as unknown as {
      hash: string;
      tx_json: Record<string, unknown>;
      meta: { TransactionResult: string };
    }[];
    expect(entry).toMatchObject({
      hash: done.hash,
      tx_json: { DeliverMax: '4321' },
      meta: { TransactionResult: 'tesSUCCESS' },
    });
    const hash = byIndex.result.ledger_hash!;
    const byHash = await t.client.request({ command: 'ledger', ledger_hash: hash });
    expect(byHash.result.ledger_index).toBe(done.ledger_index);
    // Ledgers chain: the next ledger's parent is this one, and its close time is at least 1 s later.
    t.node.closeLedger();
    const next = await t.client.request({ command: 'ledger', ledger_index: done.ledger_index + 1 });
    expect(next.result.ledger.parent_hash).toBe(hash);
    expect(next.result.ledger.close_time).toBeGreaterThanOrEqual(byIndex.result.ledger.close_time + 1);
  });

  it('ledger_accept closes the open ledger with what it holds', async () => {
    const before = (await t.client.request({ command: 'ledger_current' })).result.ledger_current_index;
    const submitted = await t.submit(alice, pay(bob.classicAddress, 999));
    // ledger_accept is an admin method xrpl has no request type for.
    const accepted = (await t.client.request({ command: 'ledger_accept' } as never)) as {
      result: { ledger_current_index: number };
    };
    const after = accepted.result.ledger_current_index;
    expect(after).toBeGreaterThan(before);
    const validated = await t.tx(submitted.tx_json.hash!);
    expect(validated.validated).toBe(true);
    expect(validated.ledger_index).toBeLessThan(after);
  });
});

describe('closeIntervalMs 0: ledgers close only on ledger_accept', () => {
  it('a submitted transaction is pending (validated: false) until ledger_accept', async () => {
    const manual = await TestLedger.start('manual-close', { closeIntervalMs: 0 });
    try {
      const [payer] = (await manual.funded(1)) as [Wallet];
      const index = (await manual.client.request({ command: 'ledger_current' })).result.ledger_current_index;
      const submitted = await manual.submit(payer, pay(bob.classicAddress, 2 * XRP));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await manual.tx(submitted.tx_json.hash!)).toMatchObject({ validated: false });
      expect((await manual.client.request({ command: 'ledger_current' })).result.ledger_current_index).toBe(index);
      await manual.client.request({ command: 'ledger_accept' } as never);
      expect(await manual.tx(submitted.tx_json.hash!)).toMatchObject({ validated: true, ledger_index: index });
    } finally {
      await manual.stop();
    }
  });
});

describe('submit and tx', () => {
  it('submit answers engine_result fields, the tx_json with its hash, and the next sequence', async () => {
    const res = await t.submit(alice, pay(bob.classicAddress, 1000));
    expect(res).toMatchObject({
      engine_result: 'tesSUCCESS',
      engine_result_code: 0,
      accepted: true,
      applied: true,
      tx_json: { Account: alice.classicAddress, TransactionType: 'Payment' },
    });
    expect(res.account_sequence_next).toBe((res.tx_json.Sequence as number) + 1);
    expect(res.tx_json.hash).toMatch(/^[0-9A-F]{64}$/);
  });

  it('refuses blobs that are not transactions and sign-and-submit with a secret', async () => {
    expect(await rpcError({ command: 'submit', tx_blob: 'ZZ' })).toMatchObject({ error: 'invalidParams' });
    expect(await rpcError({ command: 'submit', tx_blob: 'DEADBEEF' })).toMatchObject({ error: 'invalidTransaction' });
    expect(
      await rpcError({
        command: 'submit',
        tx_json: { TransactionType: 'Payment' },
        secret: 'snoPBrXtMeMyMHUVTgbuqAfg1SUTb',
      }),
    ).toMatchObject({ error: 'notSupported' });
  });

  it('tx: txnNotFound for an unknown hash; meta, date and close_time_iso for a validated one', async () => {
    expect(await rpcError({ command: 'tx', transaction: 'AB'.repeat(32) })).toMatchObject({ error: 'txnNotFound' });
    const done = await t.apply(alice, pay(bob.classicAddress, 1000));
    expect(done.close_time_iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(done.tx_json).toMatchObject({ ledger_index: done.ledger_index });
    expect(typeof done.tx_json.date).toBe('number');
  });
});

describe('subscriptions', () => {
  it('ledger stream: ledgerClosed events until unsubscribed', async () => {
    const events: LedgerStream[] = [];
    const onLedger = (event: LedgerStream) => events.push(event);
    t.client.on('ledgerClosed', onLedger);
    const sub = await t.client.request({ command: 'subscribe', streams: ['ledger'] });
    expect(sub.result).toMatchObject({ fee_base: 10, reserve_base: XRP, reserve_inc: 200_000 });
    const header = t.node.closeLedger();
    await waitFor(() => events.some((e) => e.ledger_index === header.ledger_index));
    const event = events.find((e) => e.ledger_index === header.ledger_index)!;
    expect(event).toMatchObject({
      type: 'ledgerClosed',
      ledger_hash: header.ledger_hash,
      ledger_time: header.close_time,
    });
    await t.client.request({ command: 'unsubscribe', streams: ['ledger'] });
    const count = events.length;
    t.node.closeLedger();
    await t.client.request({ command: 'ping' });
    expect(events).toHaveLength(count);
    t.client.off('ledgerClosed', onLedger);
  });

  it('account stream: validated transactions that touch the account, until unsubscribed', async () => {
    const [watched] = (await t.funded(1)) as [Wallet];
    const seen: TransactionStream[] = [];
    const onTx = (event: TransactionStream) => seen.push(event);
    t.client.on('transaction', onTx);
    await t.client.request({ command: 'subscribe', accounts: [watched.classicAddress] });
    const incoming = await t.apply(alice, pay(watched.classicAddress, 5000));
    await t.apply(alice, pay(bob.classicAddress, 5000)); // does not touch `watched`
    await waitFor(() => seen.length > 0);
    await t.client.request({ command: 'ping' });
    expect(seen.map((e) => e.hash)).toEqual([incoming.hash]);
    expect(seen[0]).toMatchObject({
      validated: true,
      engine_result: 'tesSUCCESS',
      ledger_index: incoming.ledger_index,
      tx_json: { Destination: watched.classicAddress },
    });
    expect(seen[0]!.meta?.TransactionResult).toBe('tesSUCCESS');
    await t.client.request({ command: 'unsubscribe', accounts: [watched.classicAddress] });
    await t.apply(alice, pay(watched.classicAddress, 5000));
    await t.client.request({ command: 'ping' });
    expect(seen).toHaveLength(1);
    t.client.off('transaction', onTx);
  });

  it('refuses unknown streams (malformedStream)', async () => {
    expect(await rpcError({ command: 'subscribe', streams: ['nonsense'] })).toMatchObject({ error: 'malformedStream' });
  });
});

describe('configurable reserves', () => {
  it('a node started with other reserves reports and enforces them', async () => {
    const custom = await TestLedger.start('reserves', {
      rules: {
        reserveBaseDrops: 10 * XRP,
        reserveIncrementDrops: 2 * XRP,
      },
    });
    try {
      const { info } = (await custom.client.request({ command: 'server_info' })).result;
      expect(info.validated_ledger).toMatchObject({ reserve_base_xrp: 10, reserve_inc_xrp: 2 });
      const [payer] = (await custom.funded(1, 100)) as [Wallet];
      const fresh = Wallet.generate().classicAddress;
      await custom.apply(payer, pay(fresh, 9 * XRP), 'tecNO_DST_INSUF_XRP');
      await custom.apply(payer, pay(fresh, 10 * XRP));
      // 100 XRP - 2 fees; an escrow needs 10 + 2 XRP kept back.
      const now = await ledgerTime(custom.client);
      const escrow = {
        TransactionType: 'EscrowCreate',
        Destination: fresh,
        FinishAfter: now + 3600,
        Amount: String(78 * XRP - 30 + 1),
      };
      await custom.apply(payer, escrow, 'tecUNFUNDED');
      await custom.apply(payer, { ...escrow, Amount: String(78 * XRP - 40) });
      expect(await custom.drops(payer.classicAddress)).toBe(12 * XRP);
    } finally {
      await custom.stop();
    }
  });
});

describe('JSON-RPC over HTTP', () => {
  it('answers rippled JSON-RPC on POST /', async () => {
    const res = await fetch(`http://127.0.0.1:${t.node.port}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method: 'account_info', params: [{ account: alice.classicAddress }] }),
    });
    const body = (await res.json()) as { result: { status: string; account_data: { Account: string } } };
    expect(body.result.status).toBe('success');
    expect(body.result.account_data.Account).toBe(alice.classicAddress);
  });
});

async function waitFor(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
