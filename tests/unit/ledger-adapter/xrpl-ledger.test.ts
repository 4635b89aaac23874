import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { convertStringToHex, hashes, unixTimeToRippleTime, Wallet } from 'xrpl';
import { LedgerConnection } from '../../../functions/adapters/ledger/connection';
import { SIGN_IN_MEMO_TYPE } from '../../../functions/adapters/ledger/verify-signed-blob';
import { XrplLedger } from '../../../functions/adapters/ledger/xrpl-ledger';
import { RpcError, startFakeRippled, type FakeRippled } from './fake-rippled';

const RLUSD = '524C555344000000000000000000000000000000';
const alice = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
const mallory = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
const issuer = Wallet.fromSeed('sEdSKaCy2JT7JaM7v95H9SxkhP9wS2r').classicAddress;

const LSF_DEFAULT_RIPPLE = 0x00800000;
const LSF_DISABLE_MASTER = 0x00100000;
const LSF_ALLOW_TRUSTLINE_LOCKING = 0x40000000;

let node: FakeRippled;
let gateway: XrplLedger;
/** account_info answers by address; a missing address is actNotFound. */
let accounts: Record<string, Record<string, unknown>>;

function accountRoot(address: string, over: Record<string, unknown> = {}) {
  return { Account: address, Balance: '25000000', Flags: 0, OwnerCount: 2, Sequence: 5, ...over };
}

beforeEach(async () => {
  accounts = { [alice.classicAddress]: accountRoot(alice.classicAddress), [issuer]: accountRoot(issuer) };
  node = await startFakeRippled({
    account_info: (r) => {
      const data = accounts[r.account as string];
      return data ? { account_data: data, ledger_index: 40, validated: true } : new RpcError('actNotFound');
    },
    server_state: () => ({ state: { validated_ledger: { seq: 40, reserve_base: 1_000_000, reserve_inc: 200_000 } } }),
  });
  gateway = new XrplLedger(new LedgerConnection(node.url), { issuer, currency: RLUSD });
});

afterEach(async () => {
  await gateway.connection.close();
  await node.close();
});

describe('network costs', () => {
  it('reads the reserves and the fee the load asks for now, rounded up to a drop', async () => {
    node.handlers.server_state = () => ({
      state: {
        load_base: 256,
        load_factor: 384,
        validated_ledger: { seq: 40, reserve_base: 1_000_000, reserve_inc: 200_000, base_fee: 11 },
      },
    });
    expect(await gateway.networkCosts()).toEqual({
      baseReserveDrops: '1000000',
      ownerReserveDrops: '200000',
      feeDrops: '17',
    });
  });
});

describe('balances', () => {
  it('reports XRP total, reserve and spendable, and RLUSD in cents truncated, reading lines page by page', async () => {
    node.handlers.account_lines = (r) =>
      r.marker === undefined
        ? { lines: [{ account: issuer, currency: 'USD', balance: '5', limit: '10' }], marker: 'page-2' }
        : { lines: [{ account: issuer, currency: RLUSD, balance: '12.345678', limit: '1e15', freeze_peer: false }] };
    const balances = await gateway.balances(alice.classicAddress);
    expect(balances).toEqual({
      address: alice.classicAddress,
      xrp: { totalDrops: '25000000', reserveDrops: '1400000', spendableDrops: '23600000' },
      rlusd: {
        balance: '12.345678',
        balanceCents: 1234,
        limit: '1e15',
        limitCents: Number.MAX_SAFE_INTEGER,
        frozen: false,
      },
    });
    const lines = node.commands('account_lines');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ account: alice.classicAddress, peer: issuer, ledger_index: 'validated' });
    expect(lines[1]!.marker).toBe('page-2');
    expect(node.commands('account_info')[0]).toMatchObject({ ledger_index: 'validated' });
  });

  it('reads RLUSD dust as 0 cents, a negative balance as nothing held, and a frozen line as frozen', async () => {
    node.handlers.account_lines = () => ({
      lines: [{ account: issuer, currency: RLUSD, balance: '1e-20', limit: '100', freeze_peer: true }],
    });
    expect((await gateway.balances(alice.classicAddress))?.rlusd).toMatchObject({
      balanceCents: 0,
      limitCents: 10000,
      frozen: true,
    });
    node.handlers.account_lines = () => ({ lines: [{ account: issuer, currency: RLUSD, balance: '-3', limit: '0' }] });
    expect((await gateway.rlusdLine(alice.classicAddress))?.balanceCents).toBe(0);
  });

  it('says null for an account without an RLUSD line and for an account that does not exist', async () => {
    node.handlers.account_lines = () => ({ lines: [] });
    expect((await gateway.balances(alice.classicAddress))?.rlusd).toBeNull();
    expect(await gateway.balances(mallory.classicAddress)).toBeNull();
  });

  it('never reports spendable XRP below zero', async () => {
    accounts[alice.classicAddress] = accountRoot(alice.classicAddress, { Balance: '1100000', OwnerCount: 3 });
    node.handlers.account_lines = () => ({ lines: [] });
    expect((await gateway.balances(alice.classicAddress))?.xrp).toEqual({
      totalDrops: '1100000',
      reserveDrops: '1600000',
      spendableDrops: '0',
    });
  });
});

describe('issuer, amendments and escrows', () => {
  it('reads the issuer flags, and fails plainly when the issuer does not exist', async () => {
    accounts[issuer] = accountRoot(issuer, { Flags: LSF_DEFAULT_RIPPLE | LSF_ALLOW_TRUSTLINE_LOCKING });
    expect(await gateway.issuerFlags()).toEqual({
      defaultRipple: true,
      allowTrustLineLocking: true,
      disableMaster: false,
      disallowXrp: false,
      requireDestinationTag: false,
    });
    delete accounts[issuer];
    await expect(gateway.issuerFlags()).rejects.toThrow(`The RLUSD issuer ${issuer} does not exist on this ledger`);
  });

  it('asks `feature` whether an amendment is enabled', async () => {
    const answers: Record<string, unknown> = {
      TokenEscrow: { '8A3B': { name: 'TokenEscrow', enabled: true, supported: true } },
      Clawback: { '1C2D': { name: 'Clawback', enabled: false, supported: true } },
    };
    node.handlers.feature = (r) => answers[r.feature as string] ?? new RpcError('badFeature');
    expect(await gateway.amendmentEnabled('TokenEscrow')).toBe(true);
    expect(await gateway.amendmentEnabled('Clawback')).toBe(false);
    expect(await gateway.amendmentEnabled('NoSuchThing')).toBe(false);
  });

  it('finds an escrow by owner and sequence among the owner escrows, with times in ISO', async () => {
    const cancelAfter = unixTimeToRippleTime(Date.parse('2026-12-01T00:00:00Z'));
    const id = hashes.hashEscrow(alice.classicAddress, 9);
    const amount = { currency: RLUSD, issuer, value: '25.5' };
    node.handlers.account_objects = (r) =>
      r.marker === undefined
        ? {
            account_objects: [{ LedgerEntryType: 'Escrow', index: hashes.hashEscrow(alice.classicAddress, 8) }],
            marker: 'm',
          }
        : {
            account_objects: [
              {
                LedgerEntryType: 'Escrow',
                index: id,
                Account: alice.classicAddress,
                Destination: mallory.classicAddress,
                Amount: amount,
                Condition: 'a0258020' + 'AB'.repeat(32) + '810120',
                CancelAfter: cancelAfter,
              },
            ],
          };
    expect(await gateway.escrow(alice.classicAddress, 9)).toEqual({
      id,
      owner: alice.classicAddress,
      sequence: 9,
      destination: mallory.classicAddress,
      amount,
      condition: ('a0258020' + 'AB'.repeat(32) + '810120').toUpperCase(),
      finishAfter: null,
      cancelAfter: '2026-12-01T00:00:00.000Z',
      destinationTag: null,
    });
    expect(node.commands('account_objects')[0]).toMatchObject({ type: 'escrow', ledger_index: 'validated' });
    node.handlers.account_objects = () => ({ account_objects: [] });
    expect(await gateway.escrow(alice.classicAddress, 9)).toBeNull();
  });
});

describe('verifying blobs against the ledger', () => {
  const payment = {
    TransactionType: 'Payment',
    Account: alice.classicAddress,
    Destination: issuer,
    Amount: '1000000',
  } as const;
  const sign = (wallet: Wallet) =>
    wallet.sign({ ...payment, Fee: '12', Sequence: 5, LastLedgerSequence: 60 } as never).tx_blob;

  it('accepts the regular key the ledger reports for the account and refuses the master key it disabled', async () => {
    expect(await gateway.verifySignedBlob(sign(mallory), payment)).toMatchObject({ ok: false });
    accounts[alice.classicAddress] = accountRoot(alice.classicAddress, {
      RegularKey: mallory.classicAddress,
      Flags: LSF_DISABLE_MASTER,
    });
    expect(await gateway.verifySignedBlob(sign(mallory), payment)).toMatchObject({ ok: true });
    expect(await gateway.verifySignedBlob(sign(alice), payment)).toEqual({
      ok: false,
      reason: "The account's master key is disabled",
    });
  });

  it('verifies a sign-in of an account the ledger does not know yet (master key only)', async () => {
    const uuid = '0f6a2d9e-3c1b-4e5f-8a7b-9c0d1e2f3a4b';
    const blob = mallory.sign({
      TransactionType: 'AccountSet',
      Account: mallory.classicAddress,
      Sequence: 0,
      Fee: '0',
      Memos: [{ Memo: { MemoType: convertStringToHex(SIGN_IN_MEMO_TYPE), MemoData: convertStringToHex(uuid) } }],
    }).tx_blob;
    expect(await gateway.verifySignInBlob(blob, uuid)).toMatchObject({ ok: true, account: mallory.classicAddress });
    expect(await gateway.verifySignInBlob(blob, '1f6a2d9e-3c1b-4e5f-8a7b-9c0d1e2f3a4b')).toMatchObject({ ok: false });
  });
});

describe('health', () => {
  it('passes when the node follows a validated ledger and the issuer exists, and says why not otherwise', async () => {
    let info: Record<string, unknown> = { server_state: 'full', validated_ledger: { seq: 40, age: 2 } };
    node.handlers.server_info = () => ({ info });
    await expect(gateway.checkHealth()).resolves.toBeUndefined();
    info = { server_state: 'connected' };
    await expect(gateway.checkHealth()).rejects.toThrow('the ledger server has no validated ledger');
    info = { server_state: 'full', validated_ledger: { seq: 40, age: 600 } };
    await expect(gateway.checkHealth()).rejects.toThrow('the last validated ledger is 600 s old');
    info = { server_state: 'full', validated_ledger: { seq: 40 } };
    delete accounts[issuer];
    await expect(gateway.checkHealth()).rejects.toThrow(`the RLUSD issuer ${issuer} does not exist on this ledger`);
  });
});
