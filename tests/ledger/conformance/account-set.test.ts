import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import xrpl, { Wallet, type AccountInfoResponse } from 'xrpl';
import { BASE_FEE, TestLedger } from './helpers';

const { AccountSetAsfFlags: ASF } = xrpl;

let t: TestLedger;
let bob: Wallet;

beforeAll(async () => {
  t = await TestLedger.start('account-set');
  [bob] = (await t.funded(1)) as [Wallet];
});

afterAll(async () => {
  await t?.stop();
});

/** api_version 2 account_flags; xrpl 5.3's type does not list allowTrustLineLocking yet. */
type AccountFlags = NonNullable<AccountInfoResponse['result']['account_flags']> & { allowTrustLineLocking?: boolean };

async function flags(address: string): Promise<AccountFlags | undefined> {
  const res = await t.client.request({ command: 'account_info', account: address, ledger_index: 'validated' });
  return res.result.account_flags;
}

const setFlag = (flag: number) => ({ TransactionType: 'AccountSet', SetFlag: flag });
const clearFlag = (flag: number) => ({ TransactionType: 'AccountSet', ClearFlag: flag });

describe('AccountSet flags', () => {
  it('genesis RLUSD issuer has DefaultRipple and AllowTrustLineLocking', async () => {
    expect(await flags(t.issuer.classicAddress)).toMatchObject({ defaultRipple: true, allowTrustLineLocking: true });
  });

  it('DefaultRipple: lines made after it ripple between holders', async () => {
    const [issuer, a, b] = (await t.funded(3)) as [Wallet, Wallet, Wallet];
    await t.apply(issuer, setFlag(ASF.asfDefaultRipple));
    expect((await flags(issuer.classicAddress))?.defaultRipple).toBe(true);
    expect((await t.root(issuer.classicAddress)).Flags & 0x00800000).toBe(0x00800000);
    const usd = (value: string) => ({ currency: 'USD', issuer: issuer.classicAddress, value });
    await t.apply(a, { TransactionType: 'TrustSet', LimitAmount: usd('100') });
    await t.apply(b, { TransactionType: 'TrustSet', LimitAmount: usd('100') });
    await t.apply(issuer, { TransactionType: 'Payment', Destination: a.classicAddress, Amount: usd('5') });
    await t.apply(a, { TransactionType: 'Payment', Destination: b.classicAddress, Amount: usd('2') });
    expect(await t.tokens(b.classicAddress, issuer.classicAddress, 'USD')).toBe('2');
    await t.apply(issuer, clearFlag(ASF.asfDefaultRipple));
    expect((await flags(issuer.classicAddress))?.defaultRipple).toBe(false);
  });

  it('RequireDest: payments without a DestinationTag get tecDST_TAG_NEEDED', async () => {
    const [shop] = (await t.funded(1)) as [Wallet];
    await t.apply(shop, setFlag(ASF.asfRequireDest));
    expect((await flags(shop.classicAddress))?.requireDestinationTag).toBe(true);
    const pay = { TransactionType: 'Payment', Destination: shop.classicAddress, Amount: '1000' };
    const before = await t.root(bob.classicAddress);
    await t.apply(bob, pay, 'tecDST_TAG_NEEDED');
    const after = await t.root(bob.classicAddress);
    expect(Number(after.Balance)).toBe(Number(before.Balance) - BASE_FEE);
    expect(after.Sequence).toBe(before.Sequence + 1);
    await t.apply(bob, { ...pay, DestinationTag: 42 });
    await t.apply(shop, clearFlag(ASF.asfRequireDest));
    await t.apply(bob, pay);
  });

  it('DisallowXRP is recorded and, as in rippled, only advisory: XRP still arrives', async () => {
    const [shy] = (await t.funded(1)) as [Wallet];
    await t.apply(shy, setFlag(ASF.asfDisallowXRP));
    expect((await flags(shy.classicAddress))?.disallowIncomingXRP).toBe(true);
    const before = await t.drops(shy.classicAddress);
    await t.apply(bob, { TransactionType: 'Payment', Destination: shy.classicAddress, Amount: '777' });
    expect(await t.drops(shy.classicAddress)).toBe(before + 777);
  });

  it('AllowTrustLineLocking (flag 17) can be set and cleared', async () => {
    const [issuer] = (await t.funded(1)) as [Wallet];
    expect((await flags(issuer.classicAddress))?.allowTrustLineLocking).toBe(false);
    await t.apply(issuer, setFlag(17));
    expect((await flags(issuer.classicAddress))?.allowTrustLineLocking).toBe(true);
    expect((await t.root(issuer.classicAddress)).Flags >>> 0).toBe(0x40000000);
    await t.apply(issuer, clearFlag(17));
    expect((await flags(issuer.classicAddress))?.allowTrustLineLocking).toBe(false);
  });
});

describe('SetRegularKey and DisableMaster', () => {
  it('signs with the regular key, disables the master key, and refuses other keys', async () => {
    const [owner] = (await t.funded(1)) as [Wallet];
    const regular = Wallet.generate();
    const address = owner.classicAddress;
    const ping = { TransactionType: 'AccountSet', Account: address };

    // Disabling the master key with no alternative would lock the account.
    await t.apply(owner, setFlag(ASF.asfDisableMaster), 'tecNO_ALTERNATIVE_KEY');
    await t.apply(owner, { TransactionType: 'SetRegularKey', RegularKey: regular.classicAddress });
    expect((await t.root(address)) as unknown).toMatchObject({ RegularKey: regular.classicAddress });

    // The regular key signs for the account (the tx's Account is the owner, the key is not).
    await t.apply(regular, ping);
    // Only the master key may disable itself.
    await t.apply(regular, { ...setFlag(ASF.asfDisableMaster), Account: address }, 'tecNEED_MASTER_KEY');
    await t.apply(owner, setFlag(ASF.asfDisableMaster));
    expect((await flags(address))?.disableMasterKey).toBe(true);

    const masterSigned = owner.sign(await t.client.autofill({ TransactionType: 'AccountSet', Account: address }));
    await t.expectRejected(masterSigned.tx_blob, 'tefMASTER_DISABLED', address);
    const stranger = Wallet.generate();
    const strangerSigned = stranger.sign(await t.client.autofill({ TransactionType: 'AccountSet', Account: address }));
    await t.expectRejected(strangerSigned.tx_blob, 'tefBAD_AUTH', address);
    await t.apply(regular, ping);

    // With the master key disabled, the regular key cannot be removed, only replaced.
    await t.apply(regular, { TransactionType: 'SetRegularKey', Account: address }, 'tecNO_ALTERNATIVE_KEY');
    const next = Wallet.generate();
    await t.apply(regular, { TransactionType: 'SetRegularKey', Account: address, RegularKey: next.classicAddress });
    await t.expectRejected(
      regular.sign(await t.client.autofill({ TransactionType: 'AccountSet', Account: address })).tx_blob,
      'tefBAD_AUTH',
      address,
    );
    await t.apply(next, { ...clearFlag(ASF.asfDisableMaster), Account: address });
    await t.apply(owner, ping);
  });

  it('removing the regular key with the master key enabled', async () => {
    const [owner] = (await t.funded(1)) as [Wallet];
    const regular = Wallet.generate();
    await t.apply(owner, { TransactionType: 'SetRegularKey', RegularKey: regular.classicAddress });
    await t.apply(owner, { TransactionType: 'SetRegularKey' });
    expect((await t.root(owner.classicAddress)) as unknown).not.toHaveProperty('RegularKey');
    const signed = regular.sign(await t.client.autofill({ TransactionType: 'AccountSet', Account: owner.address }));
    await t.expectRejected(signed.tx_blob, 'tefBAD_AUTH', owner.classicAddress);
  });
});
