import { describe, expect, it } from 'vitest';
import { convertStringToHex, encode, Wallet } from 'xrpl';
import {
  SIGN_IN_MEMO_TYPE,
  verifySignedBlob,
  verifySignInBlob,
} from '../../../functions/adapters/ledger/verify-signed-blob';

const alice = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2');
const mallory = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91');
const uuid = '6a1c9d36-2b55-4a3e-9a43-6f3c1f0e2b11';

function signIn(wallet: Wallet, memoData = uuid, account = wallet.classicAddress) {
  return wallet.sign({
    TransactionType: 'AccountSet',
    Account: account,
    Sequence: 0,
    Fee: '0',
    Memos: [{ Memo: { MemoType: convertStringToHex(SIGN_IN_MEMO_TYPE), MemoData: convertStringToHex(memoData) } }],
  }).tx_blob;
}

const payment = {
  TransactionType: 'Payment',
  Account: alice.classicAddress,
  Destination: mallory.classicAddress,
  Amount: { currency: '524C555344000000000000000000000000000000', issuer: mallory.classicAddress, value: '12.5' },
} as const;
const signedPayment = (over: Record<string, unknown> = {}, wallet = alice) =>
  wallet.sign({ ...payment, Fee: '12', Sequence: 7, LastLedgerSequence: 99, ...over } as never).tx_blob;

describe('verifySignInBlob', () => {
  it('accepts a sign-in signed by the account for this request', () => {
    expect(verifySignInBlob(signIn(alice), uuid)).toMatchObject({ ok: true, account: alice.classicAddress });
  });

  it('refuses a sign-in made for another request', () => {
    expect(verifySignInBlob(signIn(alice, 'other'), uuid)).toEqual({
      ok: false,
      reason: 'The sign-in is for another request',
    });
  });

  it("refuses a sign-in for someone else's account", () => {
    expect(verifySignInBlob(signIn(mallory, uuid, alice.classicAddress), uuid)).toMatchObject({ ok: false });
  });

  it('accepts the account regular key only when the ledger says it is the regular key', () => {
    const blob = signIn(mallory, uuid, alice.classicAddress);
    expect(verifySignInBlob(blob, uuid, mallory.classicAddress)).toMatchObject({
      ok: true,
      account: alice.classicAddress,
    });
  });

  it('refuses a tampered blob and junk', () => {
    const blob = signIn(alice);
    const tampered = blob.replace(convertStringToHex(uuid), convertStringToHex(uuid.replace('6a', '7a')));
    expect(verifySignInBlob(tampered, uuid.replace('6a', '7a'))).toEqual({
      ok: false,
      reason: 'The signature does not verify',
    });
    expect(verifySignInBlob('zz', uuid)).toMatchObject({ ok: false });
    expect(verifySignInBlob(signedPayment(), uuid)).toEqual({ ok: false, reason: 'The blob is not a sign-in' });
  });

  it('refuses an unsigned sign-in', () => {
    const unsigned = encode({ TransactionType: 'AccountSet', Account: alice.classicAddress, Sequence: 0, Fee: '0' });
    expect(verifySignInBlob(unsigned, uuid)).toMatchObject({ ok: false });
  });
});

describe('verifySignedBlob', () => {
  it('accepts the requested transaction with autofilled fields', () => {
    const verdict = verifySignedBlob(signedPayment(), payment);
    expect(verdict).toMatchObject({ ok: true, account: alice.classicAddress });
    expect(verdict.ok && verdict.txid).toMatch(/^[0-9A-F]{64}$/);
  });

  it('refuses a changed amount or destination', () => {
    const more = signedPayment({ Amount: { ...payment.Amount, value: '13' } });
    expect(verifySignedBlob(more, payment)).toEqual({
      ok: false,
      reason: "The blob's Amount differs from the request",
    });
    const elsewhere = signedPayment({ Destination: alice.classicAddress });
    expect(verifySignedBlob(elsewhere, payment)).toMatchObject({ ok: false });
  });

  it('refuses a blob signed by another key', () => {
    expect(verifySignedBlob(signedPayment({}, mallory), payment)).toEqual({
      ok: false,
      reason: 'The blob was not signed by the account',
    });
  });
});
