import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Xaman signs each webhook call with the application's API secret: x-xumm-request-signature is the hex HMAC-SHA1 of
 * x-xumm-request-timestamp followed by the JSON body, keyed with the secret whose first '-' is removed (Xaman's own
 * sample code does exactly that). Both the stand-in and the webhook route use this one definition.
 */
export function xamanWebhookSignature(secret: string, timestamp: string, body: string): string {
  return createHmac('sha1', secret.replace('-', ''))
    .update(timestamp + body)
    .digest('hex');
}

/** Constant-time check of a webhook call's signature. */
export function verifyXamanWebhook(
  secret: string,
  timestamp: string | undefined,
  body: string,
  signature: string | undefined,
): boolean {
  if (!timestamp || !signature || !/^[0-9a-f]{40}$/i.test(signature)) return false;
  const expected = Buffer.from(xamanWebhookSignature(secret, timestamp, body), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
