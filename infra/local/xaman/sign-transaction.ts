import { convertStringToHex, type Client, type SubmittableTransaction, type Wallet } from 'xrpl';
import { SIGN_IN_MEMO_TYPE } from '../../../functions/adapters/ledger/verify-signed-blob';
import type { SignedResponse } from './payload-store';

/** Why a request cannot be signed with the chosen wallet, in words for the sign page. */
export class CannotSign extends Error {}

/**
 * The stand-in's answer to a SignIn: an AccountSet that can never be submitted (Sequence 0, Fee 0) whose one memo names
 * the payload, so the signature proves control of the account for this request only. The backend's verifier
 * (functions/adapters/ledger/verify-signed-blob.ts) checks exactly this shape.
 */
export function signInBlob(wallet: Wallet, payloadUuid: string): SignedResponse {
  const { tx_blob, hash } = wallet.sign({
    TransactionType: 'AccountSet',
    Account: wallet.classicAddress,
    Sequence: 0,
    Fee: '0',
    SigningPubKey: wallet.publicKey,
    Memos: [{ Memo: { MemoType: convertStringToHex(SIGN_IN_MEMO_TYPE), MemoData: convertStringToHex(payloadUuid) } }],
  });
  return { hex: tx_blob, txid: hash, account: wallet.classicAddress, signerPubkey: wallet.publicKey };
}

/**
 * Any other request: the transaction as the requester gave it, with what Xaman fills in (Account when absent, then
 * Sequence, Fee and LastLedgerSequence from the ledger), signed. Fields the requester set are kept as they are.
 */
export async function signRequested(
  client: Client,
  wallet: Wallet,
  request: Record<string, unknown>,
): Promise<SignedResponse> {
  const tx = structuredClone(request);
  if (tx.Account === undefined || tx.Account === '') tx.Account = wallet.classicAddress;
  else if (tx.Account !== wallet.classicAddress) {
    throw new CannotSign(`This request must be signed by ${String(tx.Account)}, not ${wallet.classicAddress}`);
  }
  if (tx.SigningPubKey === '') delete tx.SigningPubKey;
  if (tx.TxnSignature !== undefined || tx.Signers !== undefined) throw new CannotSign('The request is already signed');
  let prepared: SubmittableTransaction;
  try {
    prepared = await client.autofill(tx as unknown as SubmittableTransaction);
  } catch (error) {
    throw new CannotSign(`The ledger could not complete the transaction: ${(error as Error).message}`);
  }
  let signed: { tx_blob: string; hash: string };
  try {
    signed = wallet.sign(prepared);
  } catch (error) {
    throw new CannotSign(`The transaction is not valid: ${(error as Error).message}`);
  }
  return { hex: signed.tx_blob, txid: signed.hash, account: wallet.classicAddress, signerPubkey: wallet.publicKey };
}
