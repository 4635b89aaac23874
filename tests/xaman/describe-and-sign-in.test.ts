import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { convertHexToString, convertStringToHex, decode, deriveAddress, verifySignature, Wallet } from 'xrpl';
import { verifySignInBlob } from '../../functions/adapters/ledger/verify-signed-blob';
import { amountInWords, currencyName, describeRequest, memoText } from '../../infra/local/xaman/describe-transaction';
import { RLUSD_CURRENCY } from '../../infra/local/xaman/dev-wallets';
import { signInBlob } from '../../infra/local/xaman/sign-transaction';

const ISSUER = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

describe('the sign page describes a request in words', () => {
  it('names currencies as people write them', () => {
    expect(currencyName(RLUSD_CURRENCY)).toBe('RLUSD');
    expect(currencyName('USD')).toBe('USD');
    // A non-text 160-bit code stays hex.
    expect(currencyName('0158415500000000C1F76FF6ECB0BAC600000000')).toBe('0158415500000000C1F76FF6ECB0BAC600000000');
  });

  it('shows XRP from drops and tokens with their issuer', () => {
    expect(amountInWords('12500000')).toBe('12.5 XRP');
    expect(amountInWords('1')).toBe('0.000001 XRP');
    expect(amountInWords({ currency: RLUSD_CURRENCY, issuer: ISSUER, value: '42.5' })).toBe(
      `42.5 RLUSD (issued by ${ISSUER})`,
    );
  });

  it('decodes memo text and leaves binary memos as hex', () => {
    expect(memoText(convertStringToHex('order 01J9 — thanks'))).toBe('order 01J9 — thanks');
    expect(memoText('00FF10')).toBe('0x00FF10');
    expect(memoText('XYZ')).toBeUndefined();
  });

  it('describes an escrow of RLUSD with its times, destination and memo', () => {
    const d = describeRequest(
      {
        TransactionType: 'EscrowCreate',
        Account: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        Destination: ISSUER,
        Amount: { currency: RLUSD_CURRENCY, issuer: ISSUER, value: '19.99' },
        Condition: 'A0258020' + '00'.repeat(32) + '810120',
        CancelAfter: 815_000_000,
        Memos: [{ Memo: { MemoType: convertStringToHex('order'), MemoData: convertStringToHex('01JORDER') } }],
      },
      'Pay for your order',
    );
    expect(d.title).toBe('Lock funds in escrow');
    const rows = Object.fromEntries(d.rows.map((r) => [r.label, r.value]));
    expect(rows).toMatchObject({
      Type: 'EscrowCreate',
      'Instruction from the app': 'Pay for your order',
      Amount: `19.99 RLUSD (issued by ${ISSUER})`,
      To: ISSUER,
      'Can be cancelled after': '2025-10-28 20:53:20 UTC',
      Condition: 'Released only with the secret fulfillment',
      Memo: '01JORDER (order)',
    });
  });
});

describe('the SignIn answer', () => {
  it('is an unsubmittable AccountSet signed by the wallet and bound to the payload', () => {
    const wallet = Wallet.generate();
    const uuid = randomUUID();
    const signed = signInBlob(wallet, uuid);
    const tx = decode(signed.hex) as Record<string, unknown> & { Memos: { Memo: Record<string, string> }[] };
    expect(tx).toMatchObject({ TransactionType: 'AccountSet', Account: wallet.classicAddress, Sequence: 0, Fee: '0' });
    expect(verifySignature(signed.hex)).toBe(true);
    expect(deriveAddress(String(tx.SigningPubKey))).toBe(wallet.classicAddress);
    expect(tx.Memos).toHaveLength(1);
    expect(convertHexToString(tx.Memos[0]!.Memo.MemoType!)).toBe('xaman/signin');
    expect(convertHexToString(tx.Memos[0]!.Memo.MemoData!)).toBe(uuid);
    expect(signed).toMatchObject({ account: wallet.classicAddress, signerPubkey: wallet.publicKey });
    // The backend's verifier accepts it for this payload and refuses it for any other.
    expect(verifySignInBlob(signed.hex, uuid)).toMatchObject({ ok: true, account: wallet.classicAddress });
    expect(verifySignInBlob(signed.hex, randomUUID())).toMatchObject({ ok: false });
  });
});
