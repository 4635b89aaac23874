import { checkSigningNow } from '../../wiring/orders';
import { secrets } from '../../adapters/secrets';
import { verifyXamanWebhook } from '../../adapters/signer/xaman-webhook-signature';
import { httpHandler, ok } from '../../wiring/http';
import { UnauthorizedError } from '../../lib/errors';
import { routes } from '../../routes';

/** Xaman's call when a payload resolves: its signature is checked on the raw body, then the request is checked now. */
export const handler = httpHandler(routes.xamanWebhook, async (req) => {
  const raw = req.event.isBase64Encoded
    ? Buffer.from(req.event.body ?? '', 'base64').toString('utf8')
    : (req.event.body ?? '');
  const headers = req.event.headers ?? {};
  const secret = await secrets.read('xamanApiSecret');
  if (!verifyXamanWebhook(secret, headers['x-xumm-request-timestamp'], raw, headers['x-xumm-request-signature'])) {
    throw new UnauthorizedError('The webhook signature does not match');
  }
  await checkSigningNow(req.log)(req.body.meta.payload_uuidv4);
  return ok({ received: true });
});
