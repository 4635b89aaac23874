import { createPrivateKey, sign as cryptoSign } from 'node:crypto';
import { Wallet, encode, encodeForSigning, type SubmittableTransaction } from 'xrpl';
import {
  DEFAULT_RULES,
  LedgerState,
  applyTransaction,
  type ApplyContext,
  type ApplyResult,
  type LedgerEntry,
} from '../../../infra/local/ledger/engine';

export const RLUSD = '524C555344000000000000000000000000000000';
export const XRP = 1_000_000n;
/** A fixed parent close time (Ripple epoch seconds) so time rules are deterministic. */
export const NOW = 800_000_000;

/** Deterministic wallets: ed25519 by default, secp256k1 on request (both signature schemes get exercised). */
export function wallet(n: number, algorithm: 'ed25519' | 'secp256k1' = 'ed25519'): Wallet {
  const entropy = new Uint8Array(16).fill(n);
  return Wallet.fromEntropy(entropy, { algorithm: (algorithm === 'ed25519' ? 'ed25519' : 'ecdsa-secp256k1') as never });
}

/** A ledger under test: state, context and a helper that fills, signs and applies a transaction. */
export class Harness {
  readonly state: LedgerState;
  ctx: ApplyContext;
  private txIndex = 0;

  constructor(funded: { wallet: Wallet; xrp: bigint }[], ctx: Partial<ApplyContext> = {}) {
    this.state = LedgerState.genesis(funded.map((f) => ({ address: f.wallet.address, balanceDrops: f.xrp * XRP })));
    this.ctx = {
      openLedgerIndex: 10,
      parentCloseTime: NOW,
      rules: { ...DEFAULT_RULES },
      transactionIndex: 0,
      ...ctx,
    };
  }

  /** Fills Fee (base fee), Sequence (the account's) and LastLedgerSequence unless given, signs with `signer`. */
  sign(signer: Wallet, tx: Record<string, unknown>): string {
    const account = (tx.Account as string | undefined) ?? signer.classicAddress;
    const root = this.state.accountRoot(account);
    const filled = {
      Fee: String(this.ctx.rules.baseFeeDrops),
      Sequence: root ? Number(root.Sequence) : 1,
      LastLedgerSequence: this.ctx.openLedgerIndex + 20,
      ...tx,
      Account: account,
    };
    return signer.sign(filled as unknown as SubmittableTransaction).tx_blob;
  }

  /** Like `expect`, but signed without xrpl's model validation (for transactions xrpl refuses to build). */
  expectUnchecked(signer: Wallet, tx: Record<string, unknown>, expected: string): ApplyResult {
    const account = (tx.Account as string | undefined) ?? signer.classicAddress;
    const root = this.state.accountRoot(account);
    const filled: Record<string, unknown> = {
      Fee: String(this.ctx.rules.baseFeeDrops),
      Sequence: root ? Number(root.Sequence) : 1,
      ...tx,
      Account: account,
    };
    for (const key of Object.keys(filled)) if (filled[key] === undefined) delete filled[key];
    const result = this.apply(signUnchecked(signer, filled));
    if (result.engine_result !== expected) {
      throw new Error(`${String(tx.TransactionType)}: expected ${expected}, got ${result.engine_result}`);
    }
    return result;
  }

  submit(signer: Wallet, tx: Record<string, unknown>): ApplyResult {
    return this.apply(this.sign(signer, tx));
  }

  apply(blob: string): ApplyResult {
    const result = applyTransaction(this.state, blob, { ...this.ctx, transactionIndex: this.txIndex });
    if (result.applied) this.txIndex += 1;
    return result;
  }

  /** Submits and fails the test unless the result is `expected`. */
  expect(signer: Wallet, tx: Record<string, unknown>, expected: string): ApplyResult {
    const result = this.submit(signer, tx);
    if (result.engine_result !== expected) {
      throw new Error(`${String(tx.TransactionType)}: expected ${expected}, got ${result.engine_result}`);
    }
    return result;
  }

  drops(address: string): bigint {
    const root = this.state.accountRoot(address);
    return root ? BigInt(root.Balance as string) : -1n;
  }

  root(address: string): LedgerEntry {
    const root = this.state.accountRoot(address);
    if (!root) throw new Error(`no account ${address}`);
    return root;
  }

  /** The holder's token balance on its line with the issuer, as a decimal string ('none' without a line). */
  tokens(holder: string, issuer: string, currency = RLUSD): string {
    const line = this.state
      .trustLines(holder)
      .find(
        (l) =>
          (l.LowLimit as { issuer: string; currency: string }).currency === currency &&
          [(l.LowLimit as { issuer: string }).issuer, (l.HighLimit as { issuer: string }).issuer].includes(issuer),
      );
    if (!line) return 'none';
    const value = (line.Balance as { value: string }).value;
    const holderIsLow = (line.LowLimit as { issuer: string }).issuer === holder;
    if (value === '0') return '0';
    return holderIsLow ? value : value.startsWith('-') ? value.slice(1) : `-${value}`;
  }

  advance(seconds: number): void {
    this.ctx = { ...this.ctx, parentCloseTime: this.ctx.parentCloseTime + seconds };
  }
}

/** A field of the first AffectedNodes entry of `type` for `index`. */
export function affected(result: ApplyResult, kind: 'CreatedNode' | 'ModifiedNode' | 'DeletedNode', index: string) {
  const node = result.meta?.AffectedNodes.find(
    (n) => (n[kind] as { LedgerIndex?: string } | undefined)?.LedgerIndex === index,
  );
  return node?.[kind] as Record<string, unknown> | undefined;
}

/**
 * Signs any JSON transaction with an ed25519 wallet without xrpl's model validation, for blobs `wallet.sign`
 * refuses to build (an issued-currency Fee, a negative token amount...). The signature is real.
 */
export function signUnchecked(signer: Wallet, tx: Record<string, unknown>): string {
  if (!signer.publicKey.startsWith('ED')) throw new Error('signUnchecked needs an ed25519 wallet');
  const unsigned = { ...tx, SigningPubKey: signer.publicKey };
  const message = Buffer.from(encodeForSigning(unsigned as never), 'hex');
  const key = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(signer.privateKey.slice(2), 'hex').toString('base64url'),
      x: Buffer.from(signer.publicKey.slice(2), 'hex').toString('base64url'),
    },
    format: 'jwk',
  });
  const signature = cryptoSign(null, message, key).toString('hex').toUpperCase();
  return encode({ ...unsigned, TxnSignature: signature } as never);
}
