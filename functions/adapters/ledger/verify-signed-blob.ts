import { convertHexToString, decode, deriveAddress, hashes, verifySignature } from 'xrpl';

/** What a blob proved, or why it proved nothing. */
export type BlobVerdict =
  { ok: true; account: string; txid: string; tx: Record<string, unknown> } | { ok: false; reason: string };

/** MemoType of the Xaman stand-in's SignIn blobs (see docs/xaman-stand-in.md). */
export const SIGN_IN_MEMO_TYPE = 'xaman/signin';

function decodeBlob(blob: string): Record<string, unknown> | undefined {
  if (!/^[0-9A-Fa-f]+$/.test(blob)) return undefined;
  try {
    return decode(blob) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/**
 * Checks the signature and that it was made by the account's master key, or by `regularKey` (the account's current
 * regular key as the ledger reports it). Multi-signed blobs are refused: nothing we ask for is multi-signed.
 */
function verifySigner(blob: string, tx: Record<string, unknown>, regularKey?: string): BlobVerdict {
  const account = tx.Account;
  const pubKey = tx.SigningPubKey;
  if (typeof account !== 'string' || typeof pubKey !== 'string' || pubKey === '') {
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
  if (signer !== account && signer !== regularKey) {
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
 * A SignIn answer: an AccountSet with Sequence 0 and Fee 0 (never submittable) whose one memo names this payload, so
 * a blob signed for one sign-in cannot be replayed for another.
 */
export function verifySignInBlob(blob: string, payloadUuid: string, regularKey?: string): BlobVerdict {
  const tx = decodeBlob(blob);
  if (!tx) return { ok: false, reason: 'The blob is not a transaction' };
  if (tx.TransactionType !== 'AccountSet' || tx.Sequence !== 0 || tx.Fee !== '0') {
    return { ok: false, reason: 'The blob is not a sign-in' };
  }
  if ((tx.Memos as unknown[] | undefined)?.length !== 1 || memoText(tx, 0, 'MemoType') !== SIGN_IN_MEMO_TYPE) {
    return { ok: false, reason: 'The blob is not a sign-in' };
  }
  if (memoText(tx, 0, 'MemoData') !== payloadUuid) return { ok: false, reason: 'The sign-in is for another request' };
  return verifySigner(blob, tx, regularKey);
}

/** Deep equality that ignores key order (the codec decodes object fields in canonical order, not ours). */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/**
 * A transaction we asked someone to sign: every field we asked for must be in the blob unchanged (the signer's wallet
 * may only add what autofill adds: Sequence, Fee, LastLedgerSequence, SigningPubKey, TxnSignature, Account when we left
 * it open).
 */
export function verifySignedBlob(blob: string, expected: Record<string, unknown>, regularKey?: string): BlobVerdict {
  const tx = decodeBlob(blob);
  if (!tx) return { ok: false, reason: 'The blob is not a transaction' };
  for (const [field, value] of Object.entries(expected)) {
    if (!sameValue(tx[field], value)) return { ok: false, reason: `The blob's ${field} differs from the request` };
  }
  return verifySigner(blob, tx, regularKey);
}
