import { XummSdk } from 'xumm-sdk';
import { LedgerConnection } from '../../functions/adapters/ledger/connection';
import { XrplLedger } from '../../functions/adapters/ledger/xrpl-ledger';
import { RLUSD_CURRENCY_HEX } from '../../functions/lib/config';
import { LOCAL_XAMAN_API_KEY, LOCAL_XAMAN_API_SECRET } from '../../infra/local/env';
import { approveInBrowser } from '../xaman/sign-page.browser';
import { expect, test } from './fixtures';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: the e2e global setup did not start the stand-ins`);
  return value;
}

/**
 * The sign-in handshake end to end on the local stand-ins: the backend's side through the real xumm-sdk and the
 * production ledger adapter, the person's side in the browser on the Xaman stand-in's sign page.
 */
test('a SignIn request is approved in the browser with a new funded wallet and verified by the backend', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const sdk = new XummSdk(LOCAL_XAMAN_API_KEY, LOCAL_XAMAN_API_SECRET);
  sdk.setEndpoint(required('E2E_XAMAN_URL'));
  const ledger = new XrplLedger(new LedgerConnection(required('E2E_XRPL_URL')), {
    issuer: required('E2E_RLUSD_ISSUER'),
    currency: RLUSD_CURRENCY_HEX,
  });
  try {
    const subscription = await sdk.payload.createAndSubscribe(
      { txjson: { TransactionType: 'SignIn' }, custom_meta: { instruction: 'Sign in to the marketplace' } },
      (event) => ('signed' in event.data ? event.data : undefined),
    );
    const signedWith = await approveInBrowser(page, subscription.created.next.always, { newWallet: true });

    const resolved = (await subscription.resolved) as { signed: boolean };
    expect(resolved.signed).toBe(true);
    const payload = await sdk.payload.get(subscription.created.uuid, true);
    expect(payload?.meta.signed).toBe(true);
    expect(payload?.response.account).toBe(signedWith);

    const verdict = await ledger.verifySignInBlob(payload!.response.hex!, subscription.created.uuid);
    expect(verdict).toEqual(expect.objectContaining({ ok: true, account: signedWith }));
    // A blob signed for this request does not sign anyone in on another.
    const other = await ledger.verifySignInBlob(payload!.response.hex!, crypto.randomUUID());
    expect(other.ok).toBe(false);

    const balances = await ledger.balances(signedWith);
    expect(balances?.address).toBe(signedWith);
    expect(BigInt(balances!.xrp.totalDrops)).toBeGreaterThan(10_000_000n);
    expect(balances?.rlusd?.balanceCents).toBeGreaterThan(0);
  } finally {
    await ledger.connection.close();
  }
});
