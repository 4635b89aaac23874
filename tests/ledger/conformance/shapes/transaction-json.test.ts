import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Wallet } from 'xrpl';
import { encodeCtid } from '../../../../infra/local/ledger/rpc/tx-json';
import { TestLedger, type ValidatedTx } from '../helpers';
import { RawSocket } from './raw-socket';
import { META, SIGNED_COMMON, shapeOf } from './shape';

/**
 * Conformance with rippled (decision 007): a Payment's transaction JSON per API version, compared whole (field names
 * and types) with rippled. References, cited at each expectation:
 * - RPC::insertDeliverMax, src/xrpld/app/misc/detail/DeliverMax.cpp: Amount copied to DeliverMax; removed for v2+.
 * - xrpl.org tx response example (_api-examples/tx/ws-response.json, API v2): tx_json carries ledger_index, date and
 *   ctid; the result carries hash, ledger_hash, ledger_index, close_time_iso, meta, validated, ctid.
 * - xrpl.org transaction stream example (subscribe.md, API v2): a Payment's tx_json has DeliverMax and date, no Amount.
 */
let t: TestLedger;
let alice: Wallet;
let bob: Wallet;
let paid: ValidatedTx;
let ws: RawSocket;
const AMOUNT = '1234567';

beforeAll(async () => {
  t = await TestLedger.start('tx-json', { closeIntervalMs: 0 });
  [alice, bob] = (await t.funded(2)) as [Wallet, Wallet];
  ws = await RawSocket.open(t.node.url);
  await ws.result({ command: 'subscribe', streams: ['transactions'], api_version: 2 });
  paid = await t.apply(alice, { TransactionType: 'Payment', Destination: bob.classicAddress, Amount: AMOUNT });
});

afterAll(async () => {
  ws?.close();
  await t?.stop();
});

/** The Payment's own fields in the API v2 form: DeliverMax, never Amount. */
const PAYMENT_V2 = { ...SIGNED_COMMON, DeliverMax: 'string', Destination: 'string' };
/** API v1 (insertDeliverMax with apiVersion 1): Amount kept beside DeliverMax, and STTx::getJson's hash. */
const PAYMENT_V1 = { ...PAYMENT_V2, Amount: 'string', hash: 'string' };
const META_DELIVERED = { ...META, delivered_amount: 'string' };

describe('tx', () => {
  it('API v2: tx_json has DeliverMax and no Amount; the whole answer is shaped as rippled Tx.cpp populateJsonResponse', async () => {
    const response = await ws.request({ command: 'tx', transaction: paid.hash, api_version: 2 });
    // ServerHandler processSession: id, result, status, type, and api_version only because the request had one.
    expect(Object.keys(response).sort()).toEqual(['api_version', 'id', 'result', 'status', 'type']);
    expect(response.api_version).toBe(2);
    const result = response.result as Record<string, Record<string, unknown>>;
    // _api-examples/tx/ws-response.json (v2): tx_json with ledger_index, ctid and date (Transaction::getJson with
    // include_date | disable_API_prior_V2), and no hash inside tx_json.
    expect(shapeOf(result)).toEqual({
      close_time_iso: 'string',
      ctid: 'string',
      hash: 'string',
      ledger_hash: 'string',
      ledger_index: 'number',
      meta: META_DELIVERED,
      tx_json: { ...PAYMENT_V2, ctid: 'string', date: 'number', ledger_index: 'number' },
      validated: 'boolean',
    });
    expect(result.tx_json!.DeliverMax).toBe(AMOUNT);
    expect(result.tx_json).not.toHaveProperty('Amount');
    // insertDeliveredAmount: what was delivered is in meta, never to be read from DeliverMax.
    expect(result.meta!.delivered_amount).toBe(AMOUNT);
    // RPC::encodeCTID: C, 28 bits of ledger index, 16 of transaction index, 16 of network id (0: no [network_id]).
    expect(result.ctid).toBe(encodeCtid(paid.ledger_index, paid.meta.TransactionIndex, 0));
    expect(result.ctid).toMatch(/^C[0-9A-F]{15}$/);
  });

  it('API v1 and requests without api_version (apiVersionIfUnspecified = 1): fields at the top of result, Amount kept beside DeliverMax', async () => {
    for (const request of [
      { command: 'tx', transaction: paid.hash, api_version: 1 },
      { command: 'tx', transaction: paid.hash },
    ]) {
      const response = await ws.request(request);
      // The response echoes api_version only when the request carried it (ServerHandler processSession).
      if (request.api_version === undefined) expect(response).not.toHaveProperty('api_version');
      else expect(response.api_version).toBe(1);
      const result = response.result as Record<string, unknown>;
      // Tx.cpp (apiVersion 1): getJson(include_date) gives inLedger, ledger_index, date beside the fields.
      expect(shapeOf(result)).toEqual({
        ...PAYMENT_V1,
        ctid: 'string',
        date: 'number',
        inLedger: 'number',
        ledger_index: 'number',
        meta: META_DELIVERED,
        validated: 'boolean',
      });
      expect(result.Amount).toBe(AMOUNT);
      expect(result.DeliverMax).toBe(AMOUNT);
    }
  });

  it('the xrpl Client (what the adapters use) asks for API v2 and gets DeliverMax', async () => {
    const res = await t.client.request({ command: 'tx', transaction: paid.hash });
    expect(res.api_version).toBe(2);
    expect(res.result.tx_json).toHaveProperty('DeliverMax', AMOUNT);
    expect(res.result.tx_json).not.toHaveProperty('Amount');
  });
});

describe('account_tx', () => {
  it('API v2 entries (AccountTx.cpp populateJsonResponse): tx_json with DeliverMax, hash, ledger fields, meta', async () => {
    const result = await ws.result({ command: 'account_tx', account: alice.classicAddress, limit: 10, api_version: 2 });
    expect(shapeOf(result)).toEqual({
      account: 'string',
      ledger_index_max: 'number',
      ledger_index_min: 'number',
      limit: 'number',
      transactions: 'array',
      validated: 'boolean',
    });
    const entry = (result.transactions as Record<string, unknown>[]).find((e) => e.hash === paid.hash)!;
    // DB-loaded transactions carry no ctid in tx_json (no transaction index on the Transaction object).
    expect(shapeOf(entry)).toEqual({
      close_time_iso: 'string',
      hash: 'string',
      ledger_hash: 'string',
      ledger_index: 'number',
      meta: META_DELIVERED,
      tx_json: { ...PAYMENT_V2, date: 'number', ledger_index: 'number' },
      validated: 'boolean',
    });
  });

  it('API v1 entries: the transaction under `tx` with Amount and DeliverMax, and meta', async () => {
    const result = await ws.result({ command: 'account_tx', account: alice.classicAddress, limit: 10, api_version: 1 });
    const entry = (result.transactions as Record<string, Record<string, unknown>>[]).find(
      (e) => e.tx?.hash === paid.hash,
    )!;
    expect(shapeOf(entry)).toEqual({
      meta: META_DELIVERED,
      tx: { ...PAYMENT_V1, date: 'number', inLedger: 'number', ledger_index: 'number' },
      validated: 'boolean',
    });
  });
});

describe('ledger with expanded transactions', () => {
  it('API v2 (LedgerToJson.cpp fillJsonTx): tx_json (STTx JSON, DeliverMax) beside hash, meta and ledger fields', async () => {
    const result = await ws.result({
      command: 'ledger',
      ledger_index: paid.ledger_index,
      transactions: true,
      expand: true,
      api_version: 2,
    });
    const ledger = result.ledger as Record<string, unknown>;
    expect(ledger.ledger_index).toBe(paid.ledger_index);
    const [entry] = ledger.transactions as Record<string, unknown>[];
    expect(shapeOf(entry)).toEqual({
      close_time_iso: 'string',
      hash: 'string',
      ledger_hash: 'string',
      ledger_index: 'number',
      meta: META_DELIVERED,
      tx_json: PAYMENT_V2,
      validated: 'boolean',
    });
  });

  it('API v1: the fields with hash, Amount and DeliverMax, metadata under metaData, the ledger index as a string', async () => {
    const result = await ws.result({
      command: 'ledger',
      ledger_index: paid.ledger_index,
      transactions: true,
      expand: true,
      api_version: 1,
    });
    const ledger = result.ledger as Record<string, unknown>;
    // fillJson: (apiVersion > 1) ? seq : std::to_string(seq).
    expect(ledger.ledger_index).toBe(String(paid.ledger_index));
    const [entry] = ledger.transactions as Record<string, unknown>[];
    expect(shapeOf(entry)).toEqual({ ...PAYMENT_V1, metaData: META_DELIVERED });
  });
});

describe('transaction_entry', () => {
  it('API v2 (TransactionEntry.cpp): lookupLedger fields, tx_json with DeliverMax, hash, stored meta without delivered_amount', async () => {
    const result = await ws.result({
      command: 'transaction_entry',
      tx_hash: paid.hash,
      ledger_index: paid.ledger_index,
      api_version: 2,
    });
    expect(shapeOf(result)).toEqual({
      close_time_iso: 'string',
      hash: 'string',
      ledger_hash: 'string',
      ledger_index: 'number',
      meta: META,
      tx_json: PAYMENT_V2,
      validated: 'boolean',
    });
  });

  it('API v1: tx_json with hash, Amount and DeliverMax, and metadata', async () => {
    const result = await ws.result({
      command: 'transaction_entry',
      tx_hash: paid.hash,
      ledger_index: paid.ledger_index,
      api_version: 1,
    });
    expect(shapeOf(result)).toEqual({
      ledger_hash: 'string',
      ledger_index: 'number',
      metadata: META,
      tx_json: PAYMENT_V1,
      validated: 'boolean',
    });
  });

  it('without a ledger it looks at the current ledger, which rippled does not serve (notYetImplemented)', async () => {
    const response = await ws.request({ command: 'transaction_entry', tx_hash: paid.hash, api_version: 2 });
    expect(response).toMatchObject({ status: 'error', error: 'notYetImplemented', validated: false });
    expect(response).toHaveProperty('ledger_current_index');
    const missing = await ws.request({
      command: 'transaction_entry',
      tx_hash: 'AB'.repeat(32),
      ledger_index: paid.ledger_index,
      api_version: 2,
    });
    expect(missing).toMatchObject({ status: 'error', error: 'transactionNotFound', validated: true });
  });
});

describe('transactions stream', () => {
  it('API v2 (NetworkOPsImp::transJson): tx_json with DeliverMax and date, hash at the top', async () => {
    const message = await ws.waitFor((m) => m.type === 'transaction' && m.hash === paid.hash);
    expect(shapeOf(message)).toEqual({
      close_time_iso: 'string',
      ctid: 'string',
      engine_result: 'string',
      engine_result_code: 'number',
      engine_result_message: 'string',
      hash: 'string',
      ledger_hash: 'string',
      ledger_index: 'number',
      meta: META_DELIVERED,
      status: 'string',
      tx_json: { ...PAYMENT_V2, date: 'number' },
      type: 'string',
      validated: 'boolean',
    });
  });

  it('API v1 subscribers get `transaction` with hash, Amount and DeliverMax inside', async () => {
    const v1 = await RawSocket.open(t.node.url);
    try {
      await v1.result({ command: 'subscribe', streams: ['transactions'] });
      const next = await t.apply(alice, {
        TransactionType: 'Payment',
        Destination: bob.classicAddress,
        Amount: '1000',
      });
      const message = await v1.waitFor((m) => m.type === 'transaction');
      expect((message.transaction as Record<string, unknown>).hash).toBe(next.hash);
      expect(shapeOf(message)).toEqual({
        close_time_iso: 'string',
        ctid: 'string',
        engine_result: 'string',
        engine_result_code: 'number',
        engine_result_message: 'string',
        ledger_hash: 'string',
        ledger_index: 'number',
        meta: META_DELIVERED,
        status: 'string',
        transaction: { ...PAYMENT_V1, date: 'number' },
        type: 'string',
        validated: 'boolean',
      });
    } finally {
      v1.close();
    }
  });
});

describe('submit', () => {
  it('keeps the submitted fields as they are (Submit.cpp: getJson(JsonOptions::none), no insertDeliverMax)', async () => {
    for (const api_version of [1, 2]) {
      const prepared = await t.client.autofill({
        TransactionType: 'Payment',
        Account: alice.classicAddress,
        Destination: bob.classicAddress,
        Amount: '777',
      });
      const result = await ws.result({ command: 'submit', tx_blob: alice.sign(prepared).tx_blob, api_version });
      expect(shapeOf(result.tx_json)).toEqual({
        ...SIGNED_COMMON,
        Amount: 'string',
        Destination: 'string',
        hash: 'string',
      });
      t.node.closeLedger();
    }
  });
});

describe('API versions', () => {
  it('refuses versions other than 1 and 2 with invalid_API_version, never answering them as v2', async () => {
    for (const api_version of [3, 0, '2']) {
      const response = await ws.request({ command: 'tx', transaction: paid.hash, api_version });
      // ServerHandler processSession: type, status, error, request, id and the request's api_version; no result.
      expect(shapeOf(response)).toEqual({
        api_version: typeof api_version,
        error: 'string',
        id: 'number',
        request: { api_version: typeof api_version, command: 'string', id: 'number', transaction: 'string' },
        status: 'string',
        type: 'string',
      });
      expect(response).toMatchObject({ error: 'invalid_API_version', status: 'error' });
    }
  });

  it('over JSON-RPC: HTTP 400 "invalid_API_version" (ServerHandlerImp::processRequest)', async () => {
    const res = await fetch(`http://127.0.0.1:${t.node.port}/`, {
      method: 'POST',
      body: JSON.stringify({ method: 'tx', params: [{ transaction: paid.hash, api_version: 7 }] }),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('invalid_API_version');
  });
});
