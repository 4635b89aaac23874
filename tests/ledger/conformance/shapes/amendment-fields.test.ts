import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Wallet } from 'xrpl';
import { TestLedger, ledgerTime, preimagePair, signUnchecked } from '../helpers';
import { RawSocket } from './raw-socket';

/**
 * Conformance with rippled (decision 007): fields of amendments the stand-in does not implement are refused as rippled
 * refuses them with the amendment disabled, and fields outside a transaction type's format never reach the engine.
 */
let t: TestLedger;
let payer: Wallet;
let ws: RawSocket;
const HASH = 'AB'.repeat(32);

beforeAll(async () => {
  t = await TestLedger.start('amendment-fields', { closeIntervalMs: 0 });
  [payer] = (await t.funded(1)) as [Wallet];
  ws = await RawSocket.open(t.node.url);
});

afterAll(async () => {
  ws?.close();
  await t?.stop();
});

const payment = (extra: Record<string, unknown>) =>
  t.fill({
    TransactionType: 'Payment',
    Account: payer.classicAddress,
    Destination: t.platform.classicAddress,
    Amount: '1000',
    ...extra,
  });

describe('temDISABLED for fields of disabled amendments (nothing applied, no fee, no sequence)', () => {
  it.each([
    // Payment::checkExtraFeatures: sfCredentialIDs without featureCredentials.
    ['CredentialIDs', { CredentialIDs: [HASH] }],
    // Payment::checkExtraFeatures: sfDomainID without featurePermissionedDEX.
    ['DomainID', { DomainID: HASH }],
    // Transactor::preflight1: sfDelegate without featurePermissionDelegationV1_1.
    ['Delegate', { Delegate: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' }],
    // The Sponsor amendment (XLS-68): sponsorship fields while it is not enabled.
    ['Sponsor', { Sponsor: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', SponsorFlags: 1 }],
    ['SponsorSignature', { SponsorSignature: { SigningPubKey: '', TxnSignature: '00' } }],
  ])('Payment with %s', async (_name, extra) => {
    const blob = signUnchecked(payer, await payment(extra));
    const submitted = await t.expectRejected(blob, 'temDISABLED', payer.classicAddress);
    expect(submitted.engine_result_code).toBe(-273);
  });

  it('EscrowFinish with CredentialIDs (EscrowFinish::preflight, featureCredentials)', async () => {
    const now = await ledgerTime(t.client);
    const { condition, fulfillment } = preimagePair();
    const created = await t.apply(payer, {
      TransactionType: 'EscrowCreate',
      Destination: t.platform.classicAddress,
      Amount: '5000',
      Condition: condition,
      CancelAfter: now + 3600,
    });
    const finish = await t.fill({
      TransactionType: 'EscrowFinish',
      Account: payer.classicAddress,
      Owner: payer.classicAddress,
      OfferSequence: created.tx_json.Sequence,
      Condition: condition,
      Fulfillment: fulfillment,
      CredentialIDs: [HASH],
      Fee: '1000',
    });
    await t.expectRejected(signUnchecked(payer, finish), 'temDISABLED', payer.classicAddress);
  });
});

describe("fields outside the type's format (STObject::applyTemplate)", () => {
  it('submit answers invalidTransaction with "Field ... found in disallowed location." and applies nothing', async () => {
    const now = await ledgerTime(t.client);
    const escrow = await t.fill({
      TransactionType: 'EscrowCreate',
      Account: payer.classicAddress,
      Destination: t.platform.classicAddress,
      Amount: '5000',
      FinishAfter: now + 60,
      DomainID: HASH,
    });
    const response = await ws.request({ command: 'submit', tx_blob: signUnchecked(payer, escrow), api_version: 2 });
    // Submit.cpp: the STTx constructor throws; error invalidTransaction with error_exception = e.what().
    expect(response).toMatchObject({
      status: 'error',
      error: 'invalidTransaction',
      error_exception: "Field 'DomainID' found in disallowed location.",
    });
    const trust = await t.fill({
      TransactionType: 'TrustSet',
      Account: payer.classicAddress,
      LimitAmount: { currency: 'USD', issuer: t.issuer.classicAddress, value: '1' },
      Destination: t.platform.classicAddress,
    });
    expect(await ws.request({ command: 'submit', tx_blob: signUnchecked(payer, trust), api_version: 2 })).toMatchObject(
      { error: 'invalidTransaction', error_exception: "Field 'Destination' found in disallowed location." },
    );
  });
});
