import { describe, expect, it } from 'vitest';
import { ACCOUNT_FLAGS as LSF } from '../../../infra/local/ledger/engine';
import { Harness, wallet } from './engine-harness';

const alice = wallet(30);
const key = wallet(31, 'secp256k1');
const other = wallet(32);

function ledger(): Harness {
  return new Harness([
    { wallet: alice, xrp: 100n },
    { wallet: other, xrp: 100n },
  ]);
}

describe('AccountSet', () => {
  it('sets and clears RequireDest, DisallowXRP, DefaultRipple and AllowTrustLineLocking with rippled flag values', () => {
    const h = ledger();
    const cases: [number, number][] = [
      [1, LSF.lsfRequireDestTag],
      [3, LSF.lsfDisallowXRP],
      [8, LSF.lsfDefaultRipple],
      [17, LSF.lsfAllowTrustLineLocking],
    ];
    expect(LSF.lsfAllowTrustLineLocking).toBe(0x40000000);
    expect(LSF.lsfDefaultRipple).toBe(0x00800000);
    for (const [asf, lsf] of cases) {
      h.expect(alice, { TransactionType: 'AccountSet', SetFlag: asf }, 'tesSUCCESS');
      expect(Number(h.root(alice.address).Flags) & lsf).toBe(lsf);
    }
    expect(h.root(alice.address).Flags).toBe(
      (LSF.lsfRequireDestTag | LSF.lsfDisallowXRP | LSF.lsfDefaultRipple | LSF.lsfAllowTrustLineLocking) >>> 0,
    );
    for (const [asf, lsf] of cases) {
      h.expect(alice, { TransactionType: 'AccountSet', ClearFlag: asf }, 'tesSUCCESS');
      expect(Number(h.root(alice.address).Flags) & lsf).toBe(0);
    }
  });

  it('honours the legacy tf flags and stores or clears Domain', () => {
    const h = ledger();
    h.expect(
      alice,
      { TransactionType: 'AccountSet', Flags: 0x00010000, Domain: '6578616D706C652E636F6D' },
      'tesSUCCESS',
    );
    expect(h.root(alice.address)).toMatchObject({ Flags: LSF.lsfRequireDestTag, Domain: '6578616D706C652E636F6D' });
    h.expect(alice, { TransactionType: 'AccountSet', Flags: 0x00020000, Domain: '' }, 'tesSUCCESS');
    expect(h.root(alice.address).Flags).toBe(0);
    expect(h.root(alice.address).Domain).toBeUndefined();
  });

  it('temINVALID_FLAG when setting and clearing the same flag; temDISABLED for flags whose behaviour is not modelled', () => {
    const h = ledger();
    h.expect(alice, { TransactionType: 'AccountSet', SetFlag: 8, ClearFlag: 8 }, 'temINVALID_FLAG');
    h.expect(alice, { TransactionType: 'AccountSet', SetFlag: 1, Flags: 0x00020000 }, 'temINVALID_FLAG');
    h.expect(alice, { TransactionType: 'AccountSet', SetFlag: 9 }, 'temDISABLED');
    h.expect(alice, { TransactionType: 'AccountSet', SetFlag: 2 }, 'temDISABLED');
    h.expect(alice, { TransactionType: 'AccountSet', TransferRate: 1_005_000_000 }, 'temDISABLED');
    h.expect(alice, { TransactionType: 'AccountSet', TransferRate: 900_000_000 }, 'temBAD_TRANSFER_RATE');
  });

  it('DisableMaster: tecNO_ALTERNATIVE_KEY without a regular key, tecNEED_MASTER_KEY from the regular key', () => {
    const h = ledger();
    const noKey = h.expect(alice, { TransactionType: 'AccountSet', SetFlag: 4 }, 'tecNO_ALTERNATIVE_KEY');
    expect(noKey.applied).toBe(true);
    h.expect(alice, { TransactionType: 'SetRegularKey', RegularKey: key.address }, 'tesSUCCESS');
    h.expect(key, { TransactionType: 'AccountSet', SetFlag: 4, Account: alice.address }, 'tecNEED_MASTER_KEY');
    h.expect(alice, { TransactionType: 'AccountSet', SetFlag: 4 }, 'tesSUCCESS');
    expect(Number(h.root(alice.address).Flags) & LSF.lsfDisableMaster).toBe(LSF.lsfDisableMaster);
    h.expect(alice, { TransactionType: 'AccountSet', ClearFlag: 4 }, 'tefMASTER_DISABLED');
    h.expect(key, { TransactionType: 'AccountSet', ClearFlag: 4, Account: alice.address }, 'tesSUCCESS');
    h.expect(alice, { TransactionType: 'AccountSet', SetFlag: 8 }, 'tesSUCCESS');
  });
});

describe('SetRegularKey', () => {
  it('sets, replaces and removes the regular key', () => {
    const h = ledger();
    h.expect(alice, { TransactionType: 'SetRegularKey', RegularKey: key.address }, 'tesSUCCESS');
    expect(h.root(alice.address).RegularKey).toBe(key.address);
    h.expect(
      key,
      { TransactionType: 'SetRegularKey', RegularKey: other.address, Account: alice.address },
      'tesSUCCESS',
    );
    h.expect(key, { TransactionType: 'AccountSet', Account: alice.address }, 'tefBAD_AUTH');
    h.expect(alice, { TransactionType: 'SetRegularKey' }, 'tesSUCCESS');
    expect(h.root(alice.address).RegularKey).toBeUndefined();
    h.expect(other, { TransactionType: 'AccountSet', Account: alice.address }, 'tefBAD_AUTH');
  });

  it('temBAD_REGKEY for the master key itself; tecNO_ALTERNATIVE_KEY removing the only key left', () => {
    const h = ledger();
    h.expect(alice, { TransactionType: 'SetRegularKey', RegularKey: alice.address }, 'temBAD_REGKEY');
    h.expect(alice, { TransactionType: 'SetRegularKey', RegularKey: key.address }, 'tesSUCCESS');
    h.expect(alice, { TransactionType: 'AccountSet', SetFlag: 4 }, 'tesSUCCESS');
    h.expect(key, { TransactionType: 'SetRegularKey', Account: alice.address }, 'tecNO_ALTERNATIVE_KEY');
    expect(h.root(alice.address).RegularKey).toBe(key.address);
  });
});
