import { describe, expect, it } from 'vitest';
import { disabledAmendmentField, formatError, networkIdResult } from '../../../infra/local/ledger/engine/tx-format';
import { type Tx } from '../../../infra/local/ledger/engine/transactor';

/** Unit checks of rippled's formats (transactions.macro), amendment gates and preflight0's NetworkID rule. */
const base = { Account: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', Fee: '10', Sequence: 1, SigningPubKey: 'ED00' };
const tx = (fields: Record<string, unknown>) => ({ ...base, ...fields }) as unknown as Tx;

describe('transaction formats', () => {
  it('allows common fields and the type-specific ones; names the first field out of place', () => {
    expect(formatError(tx({ TransactionType: 'EscrowCancel', Owner: 'r', OfferSequence: 1, Memos: [] }))).toBe(
      undefined,
    );
    expect(formatError(tx({ TransactionType: 'EscrowCancel', Owner: 'r', OfferSequence: 1, Amount: '1' }))).toBe(
      "Field 'Amount' found in disallowed location.",
    );
    expect(formatError(tx({ TransactionType: 'EscrowFinish', OfferSequence: 1 }))).toBe(
      "Field 'Owner' is required but missing.",
    );
    // Types the engine does not apply are left to temUNKNOWN.
    expect(formatError(tx({ TransactionType: 'OfferCreate', Anything: 1 }))).toBe(undefined);
  });

  it('refuses fields of amendments the engine does not implement with temDISABLED', () => {
    for (const field of ['Delegate', 'Sponsor', 'SponsorFlags', 'SponsorSignature', 'CredentialIDs', 'DomainID']) {
      expect([field, disabledAmendmentField(tx({ TransactionType: 'Payment', [field]: 'x' }))]).toEqual([
        field,
        'temDISABLED',
      ]);
    }
    expect(disabledAmendmentField(tx({ TransactionType: 'Payment' }))).toBe(undefined);
  });

  it('applies the NetworkID rule of Transactor preflight0', () => {
    const payment = tx({ TransactionType: 'Payment' });
    expect(networkIdResult(payment, 0)).toBe(undefined);
    expect(networkIdResult({ ...payment, NetworkID: 0 }, 0)).toBe('telNETWORK_ID_MAKES_TX_NON_CANONICAL');
    expect(networkIdResult(payment, 1025)).toBe('telREQUIRES_NETWORK_ID');
    expect(networkIdResult({ ...payment, NetworkID: 1026 }, 1025)).toBe('telWRONG_NETWORK');
    expect(networkIdResult({ ...payment, NetworkID: 1025 }, 1025)).toBe(undefined);
  });
});
