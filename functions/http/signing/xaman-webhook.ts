import { xamanWebhook } from '../../core/signing/xaman-webhook';
import { httpHandler, ok } from '../../wiring/http';
import { xamanWebhookDeps } from '../../wiring/signing';
import { routes } from '../../routes';

/** Xaman's call when a payload resolves: its signature is checked on the raw body, then the request is checked now. */
export const handler = httpHandler(routes.xamanWebhook, async (req) => {
  const rawBody = req.event.isBase64Encoded
    ? Buffer.from(req.event.body ?? '', 'base64').toString('utf8')
    : (req.event.body ?? '');
  const headers = req.event.headers ?? {};
  const call = {
    rawBody,
    timestamp: headers['x-xumm-request-timestamp'],
    signature: headers['x-xumm-request-signature'],
    uuid: req.body.meta.payload_uuidv4,
  };
  return ok(await xamanWebhook(call, xamanWebhookDeps(req.log)));
});
