import { convertHexToString, decode, deriveAddress, hashes, verifySignature } from 'xrpl';
import type { BlobVerdict } from '../../core/ledger/ports';

export type { BlobVerdict };

/** MemoType of the Xaman stand-in's SignIn blobs (see docs/xaman-stand-in.md). */
export const SIGN_IN_MEMO_TYPE = 'xaman/signin';

/** Who may sign for the account, as the validated ledger says (an unfunded account: master key only). */
export interface SignerKeys {
  regularKey: string | null;
  masterDisabled: boolean;
}

export const MASTER_KEY_ONLY: SignerKeys = { regularKey: null, masterDisabled: false };

/** tfFullyCanonicalSig: wallets (Xaman among them) may set it; it changes nothing since the RequireFullyCanonicalSig amendment. */
const FULLY_CANONICAL_SIG = 0x80000000;

/** What a wallet adds to the transaction we asked for when it prepares and signs it (xrpl autofill, Xaman). */
const WALLET_FIELDS = new Set([
  'Account',
  'Sequence',
  'TicketSequence',
  'Fee',
  'LastLedgerSequence',
  'NetworkID',
  'SigningPubKey',
  'TxnSignature',
  'Flags',
]);

/** Fields whose values are hex, where case carries no meaning. */
const HEX_FIELDS = new Set([
  'MemoType',
  'MemoData',
  'MemoFormat',
  'Condition',
  'Fulfillment',
  'InvoiceID',
  'SigningPubKey',
  'Domain',
]);

export function decodeBlob(blob: string): Record<string, unknown> | undefined {
  if (!/^[0-9A-Fa-f]+$/.test(blob)) return undefined;
  try {
    return decode(blob) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** "12.50", "12.5" and "1250e-2" -> "125e-1": one spelling per decimal value, no floating point. */
function canonicalDecimal(text: string): string | undefined {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  const fraction = m[3] ?? '';
  let digits = `${m[2]}${fraction}`.replace(/^0+/, '');
  let exponent = Number(m[4] ?? '0') - fraction.length;
  if (digits === '') return '0';
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    exponent += 1;
  }
  return `${m[1]}${digits}e${exponent}`;
}

function sameScalar(key: string, a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') {
    if (HEX_FIELDS.has(key) || (key === 'currency' && a.length === 40)) return a.toUpperCase() === b.toUpperCase();
    if (key === 'value') {
      const ca = canonicalDecimal(a);
      return ca !== undefined && ca === canonicalDecimal(b);
    }
  }
  return a === b;
}

/** Deep equality that ignores key order (the codec decodes fields in canonical order, not ours). */
function sameValue(key: string, a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return sameScalar(key, a, b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  return (
    ka.length === Object.keys(rb).length &&
    ka.every((k) => Object.hasOwn(rb, k) && sameValue(Array.isArray(a) ? key : k, ra[k], rb[k]))
  );
}

/**
 * Checks the signature and that it was made by the account's master key (unless the account disabled it) or by its
 * current regular key. Multi-signed blobs are refused: nothing we ask for is multi-signed.
 */
function verifySigner(blob: string, tx: Record<string, unknown>, keys: SignerKeys): BlobVerdict {
  const account = tx.Account;
  const pubKey = tx.SigningPubKey;
  if (typeof account !== 'string' || typeof pubKey !== 'string' || pubKey === '' || tx.Signers !== undefined) {
    return { ok: false, reason: 'The blob has no single signer' };
  }
  let valid = false;
  try {
    valid = verifySignature(blob);
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, reason: 'The signature does not verify' };
  const signer = deriveAddress(pubKey);
  if (signer === account) {
    if (keys.masterDisabled) return { ok: false, reason: "The account's master key is disabled" };
  } else if (signer !== keys.regularKey) {
    return { ok: false, reason: 'The blob was not signed by the account' };
  }
  return { ok: true, account, txid: hashes.hashSignedTx(blob), tx };
}

function memoText(tx: Record<string, unknown>, index: number, field: 'MemoType' | 'MemoData'): string | undefined {
  const memos = tx.Memos as { Memo?: Record<string, string> }[] | undefined;
  const hex = memos?.[index]?.Memo?.[field];
  return typeof hex === 'string' ? convertHexToString(hex) : undefined;
}

/**
 * The sign-in answers we accept. 'stand-in': the Xaman stand-in's AccountSet with Sequence 0 and Fee 0 (never
 * submittable) whose one memo names this payload, so a blob signed for one sign-in cannot be replayed for another.
 * 'xaman': real Xaman's SignIn blob, a signed object without TransactionType (Account, Sequence, Fee, Flags,
 * SigningPubKey, TxnSignature), which no ledger can apply; it names no payload, so the binding to the request is that
 * the backend reads the blob from Xaman by payload uuid with its API secret and never takes one from a browser.
 */
export type SignInFormat = 'stand-in' | 'xaman';

export function verifySignInBlob(
  blob: string,
  payloadUuid: string,
  keys: SignerKeys = MASTER_KEY_ONLY,
  formats: readonly SignInFormat[] = ['stand-in'],
): BlobVerdict {
  const tx = decodeBlob(blob);
  if (!tx) return { ok: false, reason: 'The blob is not a transaction' };
  if (formats.includes('xaman') && tx.TransactionType === undefined && tx.Memos === undefined) {
    return verifySigner(blob, tx, keys);
  }
  if (!formats.includes('stand-in')) return { ok: false, reason: 'The blob is not a sign-in' };
  if (tx.TransactionType !== 'AccountSet' || tx.Sequence !== 0 || tx.Fee !== '0') {
    return { ok: false, reason: 'The blob is not a sign-in' };
  }
  if ((tx.Memos as unknown[] | undefined)?.length !== 1 || memoText(tx, 0, 'MemoType') !== SIGN_IN_MEMO_TYPE) {
    return { ok: false, reason: 'The blob is not a sign-in' };
  }
  if (memoText(tx, 0, 'MemoData') !== payloadUuid) return { ok: false, reason: 'The sign-in is for another request' };
  return verifySigner(blob, tx, keys);
}

/** A field the wallet added: only what preparing and signing adds, and Flags only when they change nothing. */
function addedFieldProblem(field: string, value: unknown): string | undefined {
  if (!WALLET_FIELDS.has(field)) return `The blob adds ${field}, which the request did not have`;
  if (field === 'Flags' && value !== 0 && value !== FULLY_CANONICAL_SIG)
    return 'The blob sets flags the request did not';
  return undefined;
}

/**
 * A transaction we asked someone to sign: every field we asked for must be in the blob unchanged (token amounts
 * compared as exact decimals, hex compared without regard to case), and the wallet may add only what preparing and
 * signing adds (Sequence, Fee, LastLedgerSequence, SigningPubKey, TxnSignature, NetworkID, Account when we left it
 * open, Flags 0 or tfFullyCanonicalSig).
 */
export function verifySignedBlob(
  blob: string,
  expected: Record<string, unknown>,
  keys: SignerKeys = MASTER_KEY_ONLY,
): BlobVerdict {
  const tx = decodeBlob(blob);
  if (!tx) return { ok: false, reason: 'The blob is not a transaction' };
  for (const [field, value] of Object.entries(expected)) {
    const actual = tx[field];
    const flagsOk =
      field === 'Flags' &&
      typeof value === 'number' &&
      (actual === value || actual === (value | FULLY_CANONICAL_SIG) >>> 0);
    if (!flagsOk && !sameValue(field, actual, value)) {
      return { ok: false, reason: `The blob's ${field} differs from the request` };
    }
  }
  for (const [field, value] of Object.entries(tx)) {
    if (Object.hasOwn(expected, field)) continue;
    const problem = addedFieldProblem(field, value);
    if (problem) return { ok: false, reason: problem };
  }
  return verifySigner(blob, tx, keys);
}
