/**
 * Ledger truth, read with a plain xrpl Client (never through the app's adapters): RLUSD on every trust line of the
 * issuer, open escrows, and how each escrow ended, from the validated ledger.
 */
import type { Client } from 'xrpl';

/** A token value as the ledger writes it ("12.5", "-1000", "1000000000000000e5") in millionths. */
export function toMicros(value: string): bigint {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:e(-?\d+))?$/i.exec(value.trim());
  if (!m) throw new Error(`not a token value: ${value}`);
  const [, sign, whole = '', fraction = '', exp = '0'] = m;
  const digits = BigInt(`${whole || '0'}${fraction}`);
  const scale = Number(exp) - fraction.length + 6;
  const abs = scale >= 0 ? digits * 10n ** BigInt(scale) : digits / 10n ** BigInt(-scale);
  return sign === '-' ? -abs : abs;
}

export const microsToCents = (micros: bigint) => Number(micros / 10_000n);

async function* pages<T>(client: Client, request: Record<string, unknown>, key: string): AsyncGenerator<T> {
  let marker: unknown;
  do {
    const res = (await client.request({
      ...request,
      ...('ledger_index_min' in request ? {} : { ledger_index: 'validated' }),
      limit: 400,
      ...(marker === undefined ? {} : { marker }),
    } as never)) as { result: Record<string, unknown> };
    for (const item of (res.result[key] ?? []) as T[]) yield item;
    marker = res.result.marker;
  } while (marker !== undefined);
}

/** All RLUSD held on trust lines (what the issuer owes), in millionths, and by holder. */
export async function rlusdOnLines(
  client: Client,
  issuer: string,
  currency: string,
): Promise<{ total: bigint; byHolder: Map<string, bigint> }> {
  const byHolder = new Map<string, bigint>();
  let total = 0n;
  for await (const line of pages<{ account: string; currency: string; balance: string }>(
    client,
    { command: 'account_lines', account: issuer },
    'lines',
  )) {
    if (line.currency !== currency) continue;
    // From the issuer's side a holder's balance is negative.
    const held = -toMicros(line.balance);
    byHolder.set(line.account, held);
    total += held;
  }
  return { total, byHolder };
}

/** RLUSD locked in the owner's open escrows, in millionths, and how many there are. */
export async function openEscrows(
  client: Client,
  owner: string,
  currency: string,
): Promise<{ count: number; micros: bigint }> {
  let count = 0;
  let micros = 0n;
  for await (const o of pages<{ Amount: unknown }>(
    client,
    { command: 'account_objects', account: owner, type: 'escrow' },
    'account_objects',
  )) {
    count++;
    const amount = o.Amount as { currency?: string; value?: string } | string;
    if (typeof amount === 'object' && amount.currency === currency) micros += toMicros(amount.value!);
  }
  return { count, micros };
}

export interface LedgerTx {
  hash: string;
  type: string;
  result: string;
  account: string;
  owner?: string;
  offerSequence?: number;
  sequence?: number;
  destination?: string;
  memos: { type: string; data: string }[];
  /** Token amount delivered (Payments) or stated (escrows), in millionths. */
  micros: bigint | null;
}

const fromHex = (hex: string | undefined) => (hex ? Buffer.from(hex, 'hex').toString('utf8') : '');

/** Every validated transaction of the account, oldest first. */
export async function accountHistory(client: Client, account: string): Promise<LedgerTx[]> {
  const out: LedgerTx[] = [];
  for await (const t of pages<{
    hash: string;
    tx_json: Record<string, unknown>;
    meta: { TransactionResult: string; delivered_amount?: unknown };
    validated: boolean;
  }>(
    client,
    { command: 'account_tx', account, ledger_index_min: -1, ledger_index_max: -1, forward: true },
    'transactions',
  )) {
    if (!t.validated) continue;
    const tx = t.tx_json;
    const amount = (t.meta.delivered_amount ?? tx.Amount) as { value?: string } | string | undefined;
    out.push({
      hash: t.hash,
      type: String(tx.TransactionType),
      result: t.meta.TransactionResult,
      account: String(tx.Account),
      ...(typeof tx.Owner === 'string' && { owner: tx.Owner }),
      ...(typeof tx.OfferSequence === 'number' && { offerSequence: tx.OfferSequence }),
      ...(typeof tx.Sequence === 'number' && { sequence: tx.Sequence }),
      ...(typeof tx.Destination === 'string' && { destination: tx.Destination }),
      memos: ((tx.Memos ?? []) as { Memo: { MemoType?: string; MemoData?: string } }[]).map((m) => ({
        type: fromHex(m.Memo.MemoType),
        data: fromHex(m.Memo.MemoData),
      })),
      micros: typeof amount === 'object' && amount?.value !== undefined ? toMicros(amount.value) : null,
    });
  }
  return out;
}
