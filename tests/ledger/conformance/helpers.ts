import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { Client, Wallet, type SubmitResponse, type SubmittableTransaction, type TransactionMetadata } from 'xrpl';
import { type EngineRules } from '../../../infra/local/ledger/engine';
import { startLedgerNode, type LedgerNode } from '../../../infra/local/ledger/node';

export const RLUSD = '524C555344000000000000000000000000000000';
export const BASE_FEE = 10;
export const XRP = 1_000_000;

type SubmitResult = SubmitResponse['result'];

/** A validated transaction as `tx` answers it (api_version 2). */
export interface ValidatedTx {
  hash: string;
  ledger_index: number;
  validated: boolean;
  tx_json: Record<string, unknown>;
  meta: TransactionMetadata & { delivered_amount?: unknown; TransactionIndex: number };
  close_time_iso: string;
}

/** A node in a fresh temp dir on a free port, with a connected real `xrpl` Client. */
export class TestLedger {
  private constructor(
    readonly node: LedgerNode,
    readonly client: Client,
    readonly dataDir: string,
  ) {}

  static async start(
    prefix: string,
    opts: { dataDir?: string; rules?: Partial<EngineRules>; closeIntervalMs?: number; networkId?: number } = {},
  ): Promise<TestLedger> {
    const dir = opts.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), `conformance-${prefix}-`));
    const closeIntervalMs = opts.closeIntervalMs ?? 200;
    const node = await startLedgerNode({
      port: 0,
      dataDir: dir,
      closeIntervalMs,
      rules: opts.rules,
      networkId: opts.networkId,
    });
    // No fee cushion (xrpl's default is 1.2x), so autofilled fees are the base fee and balance checks are exact.
    const client = new Client(node.url, { feeCushion: 1 });
    await client.connect();
    return new TestLedger(node, client, dir);
  }

  /** Stops the client and the node; `keepData` leaves the data dir for a restart. */
  async stop(keepData = false): Promise<void> {
    await this.client.disconnect();
    await this.node.stop();
    if (!keepData) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  get faucetHost(): string {
    return `127.0.0.1:${this.node.port}`;
  }

  get issuer(): Wallet {
    return Wallet.fromSeed(this.node.keys.issuer.seed);
  }

  get platform(): Wallet {
    return Wallet.fromSeed(this.node.keys.platform.seed);
  }

  /** New ed25519 wallets funded through the faucet (POST /accounts) and validated. */
  async funded(count: number, xrpAmount = 1000): Promise<Wallet[]> {
    const wallets = Array.from({ length: count }, () => Wallet.generate());
    await Promise.all(wallets.map((w) => this.faucet(w.classicAddress, xrpAmount)));
    this.node.closeLedger();
    return wallets;
  }

  async faucet(destination: string, xrpAmount: number | string): Promise<Record<string, unknown>> {
    const res = await fetch(this.node.faucetUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ destination, xrpAmount: String(xrpAmount) }),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }

  /** Autofills (xrpl Client), signs with `signer` and submits; the submit answer only. */
  async submit(signer: Wallet, tx: Record<string, unknown>): Promise<SubmitResult> {
    const prepared = await this.client.autofill({ Account: signer.classicAddress, ...tx } as SubmittableTransaction);
    return this.submitBlob(signer.sign(prepared).tx_blob);
  }

  async submitBlob(txBlob: string): Promise<SubmitResult> {
    return (await this.client.request({ command: 'submit', tx_blob: txBlob })).result;
  }

  /**
   * Submits, closes the ledger and returns the validated transaction; fails unless both the preliminary and the
   * final result are `expected` (a tes or tec code).
   */
  async apply(signer: Wallet, tx: Record<string, unknown>, expected = 'tesSUCCESS'): Promise<ValidatedTx> {
    const prepared = await this.client.autofill({ Account: signer.classicAddress, ...tx } as SubmittableTransaction);
    return this.applyBlob(signer.sign(prepared).tx_blob, expected);
  }

  async applyBlob(txBlob: string, expected = 'tesSUCCESS'): Promise<ValidatedTx> {
    const submitted = await this.submitBlob(txBlob);
    expect(submitted.engine_result, String(submitted.engine_result_message)).toBe(expected);
    this.node.closeLedger();
    const validated = await this.tx(submitted.tx_json.hash!);
    expect(validated.validated).toBe(true);
    expect(validated.meta.TransactionResult).toBe(expected);
    return validated;
  }

  async tx(hash: string): Promise<ValidatedTx> {
    return (await this.client.request({ command: 'tx', transaction: hash })).result as unknown as ValidatedTx;
  }

  /** The validated AccountRoot, or undefined when the account does not exist. */
  async root(address: string): Promise<{ Balance: string; Sequence: number; OwnerCount: number; Flags: number }> {
    const res = await this.client.request({ command: 'account_info', account: address, ledger_index: 'validated' });
    return res.result.account_data;
  }

  async exists(address: string): Promise<boolean> {
    try {
      await this.root(address);
      return true;
    } catch (error) {
      if ((error as { data?: { error?: string } }).data?.error === 'actNotFound') return false;
      throw error;
    }
  }

  async drops(address: string): Promise<number> {
    return Number((await this.root(address)).Balance);
  }

  /** The holder's validated balance of `currency` from `issuer` ('none' without a line). */
  async tokens(holder: string, issuer: string, currency = RLUSD): Promise<string> {
    const res = await this.client.request({
      command: 'account_lines',
      account: holder,
      peer: issuer,
      ledger_index: 'validated',
    });
    return res.result.lines.find((l) => l.currency === currency)?.balance ?? 'none';
  }

  /** A trust line from `holder` to the RLUSD issuer, then RLUSD from the issuer. */
  async holdRlusd(holder: Wallet, value: string): Promise<void> {
    await this.apply(holder, {
      TransactionType: 'TrustSet',
      LimitAmount: { currency: RLUSD, issuer: this.issuer.classicAddress, value: '1000000' },
    });
    await this.apply(this.issuer, {
      TransactionType: 'Payment',
      Destination: holder.classicAddress,
      Amount: { currency: RLUSD, issuer: this.issuer.classicAddress, value },
    });
  }

  /**
   * For tem / tef / ter results: submits, checks the preliminary result, closes a ledger and checks that the
   * sender's balance and sequence did not move and the transaction was never validated.
   */
  async expectRejected(txBlob: string, expected: string, account: string): Promise<SubmitResult> {
    const before = await this.root(account);
    const submitted = await this.submitBlob(txBlob);
    expect(submitted.engine_result).toBe(expected);
    expect(submitted.applied).toBe(false);
    this.node.closeLedger();
    const after = await this.root(account);
    expect(after.Balance).toBe(before.Balance);
    expect(after.Sequence).toBe(before.Sequence);
    await expect(this.tx(submitted.tx_json.hash!)).rejects.toMatchObject({ data: { error: 'txnNotFound' } });
    return submitted;
  }

  /** Fills Fee, Sequence and LastLedgerSequence from the node without xrpl's model validation. */
  async fill(tx: Record<string, unknown>): Promise<Record<string, unknown>> {
    const account = tx.Account as string;
    const { Sequence } = (await this.client.request({ command: 'account_info', account, ledger_index: 'current' }))
      .result.account_data;
    const current = (await this.client.request({ command: 'ledger_current' })).result.ledger_current_index;
    return { Fee: String(BASE_FEE), Sequence, LastLedgerSequence: current + 20, ...tx };
  }
}

/** Real signatures over blobs `wallet.sign` refuses to build (shared with the engine's unit tests). */
export { signUnchecked } from '../../unit/ledger-engine/engine-harness';

/** The AffectedNodes entry of `kind` for a ledger entry type (and optionally a field value), unwrapped. */
export function affected(
  meta: ValidatedTx['meta'],
  kind: 'CreatedNode' | 'ModifiedNode' | 'DeletedNode',
  entryType: string,
  match: (fields: Record<string, unknown>) => boolean = () => true,
): Record<string, unknown> | undefined {
  for (const node of meta.AffectedNodes as unknown as Record<string, Record<string, unknown>>[]) {
    const inner = node[kind];
    if (!inner || inner.LedgerEntryType !== entryType) continue;
    const fields = (inner.FinalFields ?? inner.NewFields ?? {}) as Record<string, unknown>;
    if (match(fields)) return inner;
  }
  return undefined;
}

/** Ripple epoch seconds of the last validated ledger's close (the "now" that escrow time rules use). */
export async function ledgerTime(client: Client): Promise<number> {
  const res = await client.request({ command: 'ledger', ledger_index: 'validated' });
  return res.result.ledger.close_time;
}

/**
 * A PREIMAGE-SHA-256 condition and fulfillment for a fresh 32-byte preimage, built from the crypto-conditions
 * encoding (as xrpl.org documents it), independently of the node's own code.
 */
export function preimagePair(): { condition: string; fulfillment: string } {
  const preimage = randomBytes(32);
  const digest = createHash('sha256').update(preimage).digest('hex');
  return {
    condition: `A0258020${digest}810120`.toUpperCase(),
    fulfillment: `A0228020${preimage.toString('hex')}`.toUpperCase(),
  };
}
