import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Wallet } from 'xrpl';
import { encodeCtid } from '../../../../infra/local/ledger/rpc/tx-json';
import { TestLedger, signUnchecked } from '../helpers';
import { RawSocket } from './raw-socket';
import { shapeOf } from './shape';

/**
 * Conformance with rippled (decision 007): `ledger` without a selector, server_info / server_state
 * (NetworkOPsImp::getServerInfo in src/xrpld/app/misc/NetworkOPs.cpp, human = true / false, admin), fee (TxQ::doRPC),
 * ping (Ping.cpp) and network_id, compared whole with a standalone rippled asked on its admin port.
 */
let t: TestLedger;
let ws: RawSocket;

beforeAll(async () => {
  t = await TestLedger.start('server-methods', { closeIntervalMs: 0 });
  await t.funded(1);
  ws = await RawSocket.open(t.node.url);
});

afterAll(async () => {
  ws?.close();
  await t?.stop();
});

/** StateAccounting::json: five modes, each with string counters. */
const STATE_ACCOUNTING = Object.fromEntries(
  ['connected', 'disconnected', 'full', 'syncing', 'tracking'].map((mode) => [
    mode,
    { duration_us: 'string', transitions: 'string' },
  ]),
);

/** Fields of getServerInfo common to both forms for a standalone admin (no warnings, no network_ledger). */
const COMMON_INFO = {
  build_version: 'string',
  complete_ledgers: 'string',
  initial_sync_duration_us: 'string',
  io_latency_ms: 'number',
  jq_trans_overflow: 'string',
  load: { job_types: 'array', threads: 'number' },
  node_size: 'string',
  peer_disconnects: 'string',
  peer_disconnects_resources: 'string',
  peers: 'number',
  ports: 'array',
  pubkey_node: 'string',
  pubkey_validator: 'string',
  server_state: 'string',
  server_state_duration_us: 'string',
  state_accounting: STATE_ACCOUNTING,
  time: 'string',
  uptime: 'number',
  validation_quorum: 'number',
};

describe('ledger without ledger_hash / ledger_index (LedgerHandler.h writeResult)', () => {
  it('answers the closed and the open ledger side by side, and no lookup fields', async () => {
    const result = await ws.result({ command: 'ledger', api_version: 2 });
    // LedgerToJson.cpp fillJson: a closed ledger's full header; an open one without `full` has only three fields.
    expect(shapeOf(result)).toEqual({
      closed: {
        ledger: {
          account_hash: 'string',
          close_flags: 'number',
          close_time: 'number',
          close_time_human: 'string',
          close_time_iso: 'string',
          close_time_resolution: 'number',
          closed: 'boolean',
          ledger_hash: 'string',
          ledger_index: 'number',
          parent_close_time: 'number',
          parent_hash: 'string',
          total_coins: 'string',
          transaction_hash: 'string',
        },
      },
      open: { ledger: { closed: 'boolean', ledger_index: 'number', parent_hash: 'string' } },
    });
    const closed = (result.closed as { ledger: Record<string, unknown> }).ledger;
    // rippled's to_string(NetClock::time_point), as in xrpl.org's ledger example: "2025-Dec-19 03:11:52.000000000 UTC".
    expect(closed.close_time_human).toMatch(/^\d{4}-[A-Z][a-z]{2}-\d\d \d\d:\d\d:\d\d\.\d{9} UTC$/);
    const v1 = await ws.result({ command: 'ledger', api_version: 1 });
    expect((v1.open as { ledger: { ledger_index: unknown } }).ledger.ledger_index).toBe(
      String((result.open as { ledger: { ledger_index: number } }).ledger.ledger_index),
    );
  });

  it('ledger_index "current" is the open ledger: three header fields, ledger_current_index, validated false', async () => {
    const result = await ws.result({ command: 'ledger', ledger_index: 'current', api_version: 2 });
    expect(shapeOf(result)).toEqual({
      ledger: { closed: 'boolean', ledger_index: 'number', parent_hash: 'string' },
      ledger_current_index: 'number',
      validated: 'boolean',
    });
  });
});

describe('server_info and server_state', () => {
  it('server_info (human): XRP amounts, converge_time_s, load_factor, an admin validator_list; no network_id unless configured', async () => {
    const { info } = (await ws.result({ command: 'server_info', api_version: 2 })) as { info: Record<string, unknown> };
    expect(shapeOf(info)).toEqual({
      ...COMMON_INFO,
      hostid: 'string',
      last_close: { converge_time_s: 'number', proposers: 'number' },
      load_factor: 'number',
      validated_ledger: {
        age: 'number',
        base_fee_xrp: 'number',
        hash: 'string',
        reserve_base_xrp: 'number',
        reserve_inc_xrp: 'number',
        seq: 'number',
      },
      validator_list: { count: 'number', expiration: 'string', status: 'string' },
    });
    expect(info).toMatchObject({ server_state: 'full', peers: 0, load_factor: 1, pubkey_validator: 'none' });
    // NodePublic base58 keys start with "n" (TokenType::NodePublic).
    expect(info.pubkey_node).toMatch(/^n[1-9A-HJ-NP-Za-km-z]{50,52}$/);
    expect(info.time).toMatch(/^\d{4}-[A-Z][a-z]{2}-\d\d \d\d:\d\d:\d\d\.\d{6} UTC$/);
    expect(info.ports).toEqual([{ port: String(t.node.port), protocol: ['http', 'ws'] }]);
  });

  it('server_state (not human): drops, converge_time in ms, the load_factor_* levels, no age', async () => {
    const { state } = (await ws.result({ command: 'server_state', api_version: 2 })) as {
      state: Record<string, unknown>;
    };
    expect(shapeOf(state)).toEqual({
      ...COMMON_INFO,
      last_close: { converge_time: 'number', proposers: 'number' },
      load_base: 'number',
      load_factor: 'number',
      load_factor_fee_escalation: 'number',
      load_factor_fee_queue: 'number',
      load_factor_fee_reference: 'number',
      load_factor_server: 'number',
      validated_ledger: {
        base_fee: 'number',
        close_time: 'number',
        hash: 'string',
        reserve_base: 'number',
        reserve_inc: 'number',
        seq: 'number',
      },
      validator_list_expires: 'number',
    });
    expect(state).toMatchObject({
      last_close: { converge_time: 100, proposers: 0 },
      load_base: 256,
      load_factor: 256,
      load_factor_server: 256,
      load_factor_fee_escalation: 256,
      load_factor_fee_queue: 256,
      load_factor_fee_reference: 256,
      validated_ledger: { base_fee: 10, reserve_base: 1_000_000, reserve_inc: 200_000 },
    });
  });
});

describe('fee and ping', () => {
  it("fee: a standalone rippled's TxQ numbers (1000 expected per ledger, median 128000, queue 20000 after a close)", async () => {
    const result = await ws.result({ command: 'fee', api_version: 2 });
    expect(result).toEqual({
      current_ledger_size: '0',
      current_queue_size: '0',
      drops: { base_fee: '10', median_fee: '5000', minimum_fee: '10', open_ledger_fee: '10' },
      expected_ledger_size: '1000',
      ledger_current_index: (await t.client.request({ command: 'ledger_current' })).result.ledger_current_index,
      levels: { median_level: '128000', minimum_level: '256', open_ledger_level: '256', reference_level: '256' },
      max_queue_size: '20000',
    });
  });

  it('ping: role admin, and unlimited on a WebSocket session only (Ping.cpp)', async () => {
    expect(await ws.result({ command: 'ping', api_version: 2 })).toEqual({ role: 'admin', unlimited: true });
    const res = await fetch(`http://127.0.0.1:${t.node.port}/`, {
      method: 'POST',
      body: JSON.stringify({ method: 'ping', params: [{}] }),
    });
    expect(await res.json()).toEqual({ result: { role: 'admin', status: 'success' } });
  });
});

describe('network_id', () => {
  it('unconfigured: streams and subscribe say 0 (rippled NETWORK_ID default), server_info has none, NetworkID is refused', async () => {
    const sub = await ws.result({ command: 'subscribe', streams: ['ledger'], api_version: 2 });
    // NetworkOPsImp::subLedger (XRPFees enabled: no fee_ref).
    expect(shapeOf(sub)).toEqual({
      fee_base: 'number',
      ledger_hash: 'string',
      ledger_index: 'number',
      ledger_time: 'number',
      network_id: 'number',
      reserve_base: 'number',
      reserve_inc: 'number',
      validated_ledgers: 'string',
    });
    expect(sub.network_id).toBe(0);
    const header = t.node.closeLedger();
    const closed = await ws.waitFor((m) => m.type === 'ledgerClosed' && m.ledger_index === header.ledger_index);
    // NetworkOPsImp::pubLedger.
    expect(shapeOf(closed)).toEqual({
      ...(shapeOf(sub) as Record<string, string>),
      txn_count: 'number',
      type: 'string',
    });
    await ws.result({ command: 'unsubscribe', streams: ['ledger'], api_version: 2 });
    // Transactor preflight0: a network up to 1024 must not carry NetworkID.
    const [payer] = (await t.funded(1)) as [Wallet];
    const filled = await t.fill({
      TransactionType: 'Payment',
      Account: payer.classicAddress,
      Destination: t.platform.classicAddress,
      Amount: '1000',
      NetworkID: 1,
    });
    await t.expectRejected(signUnchecked(payer, filled), 'telNETWORK_ID_MAKES_TX_NON_CANONICAL', payer.classicAddress);
  });

  it('configured: server_info, server_state, subscribe and the ledger stream send it; above 1024 transactions must carry it', async () => {
    const net = await TestLedger.start('network-id', { closeIntervalMs: 0, networkId: 21_337 });
    const socket = await RawSocket.open(net.node.url);
    try {
      const { info } = (await socket.result({ command: 'server_info' })) as { info: { network_id?: number } };
      const { state } = (await socket.result({ command: 'server_state' })) as { state: { network_id?: number } };
      expect([info.network_id, state.network_id]).toEqual([21_337, 21_337]);
      const sub = await socket.result({ command: 'subscribe', streams: ['ledger'] });
      expect(sub.network_id).toBe(21_337);
      const header = net.node.closeLedger();
      const closed = await socket.waitFor((m) => m.type === 'ledgerClosed' && m.ledger_index === header.ledger_index);
      expect(closed.network_id).toBe(21_337);
      // The faucet and the xrpl Client (autofill, network_id > 1024) add NetworkID; the CTID carries the network.
      const [payer] = (await net.funded(1)) as [Wallet];
      const paid = await net.apply(payer, {
        TransactionType: 'Payment',
        Destination: net.platform.classicAddress,
        Amount: '1000',
      });
      expect(paid.tx_json.NetworkID).toBe(21_337);
      const tx = await socket.result({ command: 'tx', transaction: paid.hash, api_version: 2 });
      expect(tx.ctid).toBe(encodeCtid(paid.ledger_index, paid.meta.TransactionIndex, 21_337));
      const base = {
        TransactionType: 'Payment',
        Account: payer.classicAddress,
        Destination: net.platform.classicAddress,
      };
      const missing = await net.fill({ ...base, Amount: '1001' });
      await net.expectRejected(signUnchecked(payer, missing), 'telREQUIRES_NETWORK_ID', payer.classicAddress);
      const wrong = await net.fill({ ...base, Amount: '1002', NetworkID: 21_338 });
      await net.expectRejected(signUnchecked(payer, wrong), 'telWRONG_NETWORK', payer.classicAddress);
    } finally {
      socket.close();
      await net.stop();
    }
  });

  it("configured as testnet's 1: all four say 1 alike, and the xrpl Client reads it as the app's network check does", async () => {
    const net = await TestLedger.start('network-id-1', { closeIntervalMs: 0, networkId: 1 });
    const socket = await RawSocket.open(net.node.url);
    try {
      const { info } = (await socket.result({ command: 'server_info' })) as { info: { network_id?: number } };
      const { state } = (await socket.result({ command: 'server_state' })) as { state: { network_id?: number } };
      const sub = await socket.result({ command: 'subscribe', streams: ['ledger'] });
      const header = net.node.closeLedger();
      const closed = await socket.waitFor((m) => m.type === 'ledgerClosed' && m.ledger_index === header.ledger_index);
      expect([info.network_id, state.network_id, sub.network_id, closed.network_id]).toEqual([1, 1, 1, 1]);
      // functions/adapters/ledger/connection.ts refuses a node of another network by the id xrpl's connect reads.
      expect(net.client.networkID).toBe(1);
    } finally {
      socket.close();
      await net.stop();
    }
  });
});
