import { describe, expect, it } from 'vitest';
import { sign } from 'ripple-keypairs';
import { convertStringToHex, encode, encodeForSigning, Wallet } from 'xrpl';
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

/** Signs what xrpl's Wallet.sign refuses to (no TransactionType), the way Xaman signs a SignIn. */
function rawSign(wallet: Wallet, tx: Record<string, unknown>): string {
  // The codec's types require a TransactionType, which this object deliberately lacks.
  const unsigned = { ...tx, SigningPubKey: wallet.publicKey } as never;
  return encode({
    ...(unsigned as object),
    TxnSignature: sign(encodeForSigning(unsigned), wallet.privateKey),
  } as never);
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
    expect(verifySignInBlob(blob, uuid, { regularKey: mallory.classicAddress, masterDisabled: false })).toMatchObject({
      ok: true,
      account: alice.classicAddress,
    });
  });

  it('refuses the master key once the account has disabled it', () => {
    expect(verifySignInBlob(signIn(alice), uuid, { regularKey: mallory.classicAddress, masterDisabled: true })).toEqual(
      {
        ok: false,
        reason: "The account's master key is disabled",
      },
    );
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

  it("accepts real Xaman's SignIn blob (no TransactionType, no memo) only when told to", () => {
    // The shape of the SignIn fixture in XRPL-Labs/verify-xrpl-signature: what Xaman returns as response.hex.
    const xamanSignIn = rawSign(alice, { Account: alice.classicAddress, Flags: 0x80000000, Sequence: 2, Fee: '12' });
    expect(verifySignInBlob(xamanSignIn, uuid)).toEqual({ ok: false, reason: 'The blob is not a sign-in' });
    expect(verifySignInBlob(xamanSignIn, uuid, undefined, ['stand-in', 'xaman'])).toMatchObject({
      ok: true,
      account: alice.classicAddress,
    });
    const forged = rawSign(mallory, { Account: alice.classicAddress, Sequence: 2, Fee: '12' });
    expect(verifySignInBlob(forged, uuid, undefined, ['xaman'])).toEqual({
      ok: false,
      reason: 'The blob was not signed by the account',
    });
    // A submittable transaction is never a sign-in, whatever the formats.
    expect(verifySignInBlob(signedPayment(), uuid, undefined, ['stand-in', 'xaman'])).toMatchObject({ ok: false });
    expect(verifySignInBlob(signIn(alice), uuid, undefined, ['xaman'])).toMatchObject({ ok: false });
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

  it('accepts a blob signed with the regular key the ledger reports, and no other', () => {
    const byRegularKey = signedPayment({}, mallory);
    const keys = { regularKey: mallory.classicAddress, masterDisabled: true };
    expect(verifySignedBlob(byRegularKey, payment, keys)).toMatchObject({ ok: true, account: alice.classicAddress });
    expect(
      verifySignedBlob(byRegularKey, payment, { regularKey: alice.classicAddress, masterDisabled: false }),
    ).toEqual({ ok: false, reason: 'The blob was not signed by the account' });
  });

  it('compares token amounts as exact decimals, not as text', () => {
    const asked = { ...payment, Amount: { ...payment.Amount, value: '12.50' } };
    expect(verifySignedBlob(signedPayment(), asked)).toMatchObject({ ok: true });
    const cent = { ...payment, Amount: { ...payment.Amount, value: '12.51' } };
    expect(verifySignedBlob(signedPayment(), cent)).toEqual({
      ok: false,
      reason: "The blob's Amount differs from the request",
    });
    const otherIssuer = { ...payment, Amount: { ...payment.Amount, issuer: alice.classicAddress } };
    expect(verifySignedBlob(signedPayment(), otherIssuer)).toMatchObject({ ok: false });
  });

  it('compares memos and conditions without regard to hex case, and refuses a changed memo', () => {
    const memo = { Memo: { MemoType: convertStringToHex('order'), MemoData: convertStringToHex('01JORDER') } };
    const blob = signedPayment({ Memos: [memo] });
    const lower = { Memo: { MemoType: memo.Memo.MemoType.toLowerCase(), MemoData: memo.Memo.MemoData.toLowerCase() } };
    expect(verifySignedBlob(blob, { ...payment, Memos: [lower] })).toMatchObject({ ok: true });
    const other = { Memo: { ...memo.Memo, MemoData: convertStringToHex('01JOTHER') } };
    expect(verifySignedBlob(blob, { ...payment, Memos: [other] })).toEqual({
      ok: false,
      reason: "The blob's Memos differs from the request",
    });
    expect(verifySignedBlob(signedPayment(), { ...payment, Memos: [memo] })).toMatchObject({ ok: false });
  });

  it('refuses fields the wallet added beyond what preparing and signing adds', () => {
    expect(verifySignedBlob(signedPayment({ DestinationTag: 7 }), payment)).toEqual({
      ok: false,
      reason: 'The blob adds DestinationTag, which the request did not have',
    });
    // tfPartialPayment would let the payment deliver less than Amount.
    expect(verifySignedBlob(signedPayment({ Flags: 0x00020000 }), payment)).toEqual({
      ok: false,
      reason: 'The blob sets flags the request did not',
    });
    expect(verifySignedBlob(signedPayment({ Flags: 0 }), payment)).toMatchObject({ ok: true });
    expect(verifySignedBlob(signedPayment({ Flags: 0x80000000 }), payment)).toMatchObject({ ok: true });
  });

  it('takes the Account from the signer when the request left it open, and refuses multi-signed blobs', () => {
    const { Account: _, ...open } = payment;
    expect(verifySignedBlob(signedPayment(), open)).toMatchObject({ ok: true, account: alice.classicAddress });
    const multi = encode({
      ...payment,
      Fee: '12',
      Sequence: 7,
      SigningPubKey: '',
      Signers: [{ Signer: { Account: mallory.classicAddress, SigningPubKey: mallory.publicKey, TxnSignature: '00' } }],
    } as never);
    expect(verifySignedBlob(multi, payment)).toEqual({
      ok: false,
      reason: 'The blob adds Signers, which the request did not have',
    });
  });
});
