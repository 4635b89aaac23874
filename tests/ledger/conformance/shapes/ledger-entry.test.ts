import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decode, hashes, type Wallet } from 'xrpl';
import { RLUSD, TestLedger, ledgerTime, preimagePair } from '../helpers';
import { RawSocket } from './raw-socket';
import { shapeOf } from './shape';

/**
 * Ledger entries, the escrow entries included (decision 007). doLedgerEntry (src/xrpld/rpc/handlers/LedgerEntry.cpp)
 * reads the ledger RPC::lookupLedger picks, which is the current (open) one when the request names none
 * (ledgerFromRequest, src/xrpld/rpc/detail/RPCLedgerHelpers.cpp: "nothing specified, `index` has a default
 * setting" -> LedgerShortcut::Current); lookupLedger then adds ledger_current_index and validated: false. With
 * `binary: true` it answers node_binary instead of node. xrpl.org ledger_entry.md documents the same.
 */
let t: TestLedger;
let holder: Wallet;
let ws: RawSocket;

beforeAll(async () => {
  t = await TestLedger.start('ledger-entry', { closeIntervalMs: 0 });
  [holder] = (await t.funded(1)) as [Wallet];
  ws = await RawSocket.open(t.node.url);
});

afterAll(async () => {
  ws?.close();
  await t?.stop();
});

const line = () => ({
  ripple_state: { accounts: [holder.classicAddress, t.issuer.classicAddress], currency: RLUSD },
  api_version: 2,
});

describe('ledger_entry without a ledger selector', () => {
  it('reads the open ledger: an entry created by a transaction not yet closed is there, validated: false', async () => {
    await t.submit(holder, {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: RLUSD, issuer: t.issuer.classicAddress, value: '500' },
    });
    const current = await ws.result({ command: 'ledger_entry', ...line() });
    // lookupLedger on the open ledger: ledger_current_index and validated, no ledger_hash / ledger_index.
    expect(shapeOf(current)).toEqual({
      index: 'string',
      ledger_current_index: 'number',
      node: shapeOf(current.node),
      validated: 'boolean',
    });
    expect(current.validated).toBe(false);
    expect(current.ledger_current_index).toBe(
      (await t.client.request({ command: 'ledger_current' })).result.ledger_current_index,
    );
    expect((current.node as Record<string, unknown>).LedgerEntryType).toBe('RippleState');
    // The validated ledger does not have it yet.
    const validated = await ws.request({ command: 'ledger_entry', ...line(), ledger_index: 'validated' });
    // ErrorCodes.h rpcENTRY_NOT_FOUND: "entryNotFound", "Entry not found."
    expect(validated).toMatchObject({ status: 'error', error: 'entryNotFound', error_message: 'Entry not found.' });
    t.node.closeLedger();
    const closed = await ws.result({ command: 'ledger_entry', ...line(), ledger_index: 'validated' });
    expect(shapeOf(closed)).toEqual({
      index: 'string',
      ledger_hash: 'string',
      ledger_index: 'number',
      node: shapeOf(closed.node),
      validated: 'boolean',
    });
    expect(closed.validated).toBe(true);
  });

  it('binary: true answers node_binary (the serialized entry) and no node', async () => {
    const json = await ws.result({ command: 'ledger_entry', account_root: holder.classicAddress, api_version: 2 });
    const binary = await ws.result({
      command: 'ledger_entry',
      account_root: holder.classicAddress,
      binary: true,
      api_version: 2,
    });
    expect(shapeOf(binary)).toEqual({
      index: 'string',
      ledger_current_index: 'number',
      node_binary: 'string',
      validated: 'boolean',
    });
    const { index: _index, ...fields } = json.node as Record<string, unknown>;
    expect(decode(binary.node_binary as string)).toEqual(fields);
    expect(binary.index).toBe(hashes.hashAccountRoot(holder.classicAddress));
  });

  it("refuses what it cannot read the way rippled's parsers do", async () => {
    // LedgerEntryHelpers.h invalidFieldError: the selector's token, invalidParams' code 31, "Invalid field ..."
    expect(await ws.request({ command: 'ledger_entry', account_root: 'nope', api_version: 2 })).toMatchObject({
      error: 'malformedAddress',
      error_code: 31,
      error_message: "Invalid field 'account_root', not AccountID.",
    });
    expect(
      await ws.request({ command: 'ledger_entry', escrow: { owner: holder.classicAddress }, api_version: 2 }),
    ).toMatchObject({ error: 'malformedRequest', error_message: "Missing field 'seq'." });
    // No selector: unknownOption in v1, invalidParams "No ledger_entry params provided." from v2.
    expect(await ws.request({ command: 'ledger_entry', api_version: 2 })).toMatchObject({
      error: 'invalidParams',
      error_message: 'No ledger_entry params provided.',
    });
    expect(await ws.request({ command: 'ledger_entry', api_version: 1 })).toMatchObject({ error: 'unknownOption' });
    expect(
      await ws.request({ command: 'ledger_entry', index: 'AB'.repeat(32), account_root: holder.classicAddress }),
    ).toMatchObject({ error: 'invalidParams', error_message: 'Too many fields provided.' });
    // Entry types this node does not model are refused clearly rather than reported missing.
    expect(await ws.request({ command: 'ledger_entry', offer: 'AB'.repeat(32), api_version: 2 })).toMatchObject({
      error: 'notSupported',
    });
  });
});

describe('escrow entries (the money work reads them back)', () => {
  it('an XRP escrow by { owner, seq }: the Escrow fields rippled stores (ledger_entries.macro ltESCROW)', async () => {
    const now = await ledgerTime(t.client);
    const { condition } = preimagePair();
    const created = await t.apply(holder, {
      TransactionType: 'EscrowCreate',
      Destination: t.platform.classicAddress,
      Amount: '2000000',
      Condition: condition,
      CancelAfter: now + 3600,
      FinishAfter: now + 60,
      DestinationTag: 7,
    });
    const result = await ws.result({
      command: 'ledger_entry',
      escrow: { owner: holder.classicAddress, seq: created.tx_json.Sequence },
      ledger_index: 'validated',
      api_version: 2,
    });
    // xrpl.org Escrow entry: Account, Amount, CancelAfter, Condition, Destination, DestinationNode, DestinationTag,
    // FinishAfter, Flags, LedgerEntryType, OwnerNode, PreviousTxnID, PreviousTxnLgrSeq, and STLedgerEntry's index.
    expect(shapeOf(result.node)).toEqual({
      Account: 'string',
      Amount: 'string',
      CancelAfter: 'number',
      Condition: 'string',
      Destination: 'string',
      DestinationNode: 'string',
      DestinationTag: 'number',
      FinishAfter: 'number',
      Flags: 'number',
      LedgerEntryType: 'string',
      OwnerNode: 'string',
      PreviousTxnID: 'string',
      PreviousTxnLgrSeq: 'number',
      index: 'string',
    });
    expect(result.index).toBe(hashes.hashEscrow(holder.classicAddress, created.tx_json.Sequence as number));
  });

  it('a token escrow (XLS-85 TokenEscrow): Amount is the issued amount, linked from the issuer by IssuerNode', async () => {
    await t.holdRlusd(holder, '50');
    const now = await ledgerTime(t.client);
    const amount = { currency: RLUSD, issuer: t.issuer.classicAddress, value: '12.5' };
    const created = await t.apply(holder, {
      TransactionType: 'EscrowCreate',
      Destination: t.platform.classicAddress,
      Amount: amount,
      FinishAfter: now + 60,
      CancelAfter: now + 3600,
    });
    const result = await ws.result({
      command: 'ledger_entry',
      escrow: { owner: holder.classicAddress, seq: created.tx_json.Sequence },
      ledger_index: 'validated',
      api_version: 2,
    });
    // Escrow.cpp (TokenEscrow): the escrow of an issued token also records IssuerNode, the issuer's directory page.
    expect(shapeOf(result.node)).toEqual({
      Account: 'string',
      Amount: { currency: 'string', issuer: 'string', value: 'string' },
      CancelAfter: 'number',
      Destination: 'string',
      DestinationNode: 'string',
      FinishAfter: 'number',
      Flags: 'number',
      IssuerNode: 'string',
      LedgerEntryType: 'string',
      OwnerNode: 'string',
      PreviousTxnID: 'string',
      PreviousTxnLgrSeq: 'number',
      index: 'string',
    });
    expect((result.node as { Amount: unknown }).Amount).toEqual(amount);
  });
});
