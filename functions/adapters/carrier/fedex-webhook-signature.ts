import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header FedEx's Advanced Integrated Visibility webhooks carry their signature in. */
export const FEDEX_SIGNATURE_HEADER = 'fdx-signature';

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Whether `signature` (the fdx-signature header) is FedEx's signature of this exact body: base64 of HMAC-SHA256 over
 * the raw body bytes, keyed with the webhook's security token (FedEx's own Java sample). Check the bytes as received,
 * before parsing JSON; re-serialized JSON would not match. The comparison takes the same time however much matches.
 */
export function verifyFedexSignature(
  rawBody: Uint8Array | string,
  signature: string | readonly string[] | null | undefined,
  securityToken: string,
): boolean {
  if (typeof signature !== 'string' || !securityToken) return false;
  const given = signature.trim();
  if (!BASE64.test(given)) return false;
  const expected = createHmac('sha256', securityToken).update(rawBody).digest();
  const actual = Buffer.from(given, 'base64');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** FedEx's signature of a body: what the admin tools' simulated webhook carries (decision 066). */
export function signFedexBody(rawBody: string, securityToken: string): string {
  return createHmac('sha256', securityToken).update(rawBody).digest('base64');
}

/**
 * A tracking event body in the shape of FedEx's webhook for one parcel (the admin tools' simulated webhook). Only its
 * tracking numbers are read by the webhook: the release path asks the Track API again.
 */
export function simulatedFedexWebhookBody(trackingNumber: string, status: string, at: Date): string {
  return JSON.stringify({
    transactionId: `admin-test-${at.getTime()}`,
    outputMetaData: [],
    output: {
      completeTrackResults: [
        {
          trackingNumber,
          trackResults: [
            { latestStatusDetail: { statusByLocale: status }, dateAndTimes: [{ dateTime: at.toISOString() }] },
          ],
        },
      ],
    },
  });
}
