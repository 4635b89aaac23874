import { describe, expect, it } from 'vitest';
import { verifyFedexSignature } from '../../../functions/adapters/carrier/fedex-webhook-signature';
import { fedexSignature } from '../../../infra/local/carrier/webhooks';

/**
 * RFC 4231 test case 2 (key "Jefe"): HMAC-SHA256 = 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843,
 * here in base64 as FedEx sends it. An outside value, so the verifier is not checked against itself.
 */
const RFC_KEY = 'Jefe';
const RFC_DATA = 'what do ya want for nothing?';
const RFC_SIGNATURE = Buffer.from('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843', 'hex').toString(
  'base64',
);

const TOKEN = 'LocalCarrierWebhookToken0001';
const BODY =
  '{"transactionId":"9ca3d632-0af5-436e-b184-4a99f88598d4","outputMetaData":[{"attemptNumber":1}],' +
  '"output":{"completeTrackResults":[{"trackingNumber":"794973665316","trackResults":[{"latestStatusDetail":{"code":"DL"}}]}]}}';

describe('verifyFedexSignature', () => {
  it('accepts base64 HMAC-SHA256 of the raw body keyed with the security token', () => {
    expect(verifyFedexSignature(RFC_DATA, RFC_SIGNATURE, RFC_KEY)).toBe(true);
    expect(verifyFedexSignature(Buffer.from(RFC_DATA), RFC_SIGNATURE, RFC_KEY)).toBe(true);
    // As the local stand-in signs its webhooks (infra/local/carrier/webhooks.ts, its own code).
    expect(verifyFedexSignature(Buffer.from(BODY), fedexSignature(BODY, TOKEN), TOKEN)).toBe(true);
  });

  it('refuses a changed body, even the same JSON written differently', () => {
    const signature = fedexSignature(BODY, TOKEN);
    expect(verifyFedexSignature(BODY.replace('"DL"', '"DE"'), signature, TOKEN)).toBe(false);
    expect(verifyFedexSignature(JSON.stringify(JSON.parse(BODY), null, 1), signature, TOKEN)).toBe(false);
    expect(verifyFedexSignature(`${BODY}\n`, signature, TOKEN)).toBe(false);
  });

  it('refuses another token and a missing, empty, repeated or malformed header', () => {
    const signature = fedexSignature(BODY, TOKEN);
    expect(verifyFedexSignature(BODY, signature, 'LocalCarrierWebhookToken0002')).toBe(false);
    expect(verifyFedexSignature(BODY, signature, '')).toBe(false);
    expect(verifyFedexSignature(BODY, undefined, TOKEN)).toBe(false);
    expect(verifyFedexSignature(BODY, null, TOKEN)).toBe(false);
    expect(verifyFedexSignature(BODY, '', TOKEN)).toBe(false);
    expect(verifyFedexSignature(BODY, [signature, signature], TOKEN)).toBe(false);
    expect(verifyFedexSignature(BODY, signature.slice(0, -4), TOKEN)).toBe(false);
    expect(verifyFedexSignature(BODY, Buffer.from(signature, 'base64').toString('hex'), TOKEN)).toBe(false);
    expect(verifyFedexSignature(BODY, `${signature}!`, TOKEN)).toBe(false);
  });

  it('takes surrounding whitespace of the header value', () => {
    expect(verifyFedexSignature(BODY, ` ${fedexSignature(BODY, TOKEN)} `, TOKEN)).toBe(true);
  });
});
