import { FEDEX_SIGNATURE_HEADER, verifyFedexSignature } from '../../adapters/carrier/fedex-webhook-signature';
import { secrets } from '../../adapters/secrets';
import { deliveryDeps } from '../../adapters/settlement-deps';
import { checkParcels } from '../../core/orders/delivery';
import { UnauthorizedError } from '../../lib/errors';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

/**
 * FedEx's tracking webhook: the signature is checked on the raw body (missing or wrong: 401), then the parcels it names
 * are asked of the Track API again and released only on that fresh answer. A replay changes nothing.
 */
export const handler = httpHandler(routes.carrierWebhook, async (req) => {
  const raw = req.event.isBase64Encoded ? Buffer.from(req.event.body ?? '', 'base64') : (req.event.body ?? '');
  const token = await secrets.read('carrierWebhookSecret');
  if (!verifyFedexSignature(raw, req.event.headers?.[FEDEX_SIGNATURE_HEADER], token)) {
    throw new UnauthorizedError('The webhook signature does not match');
  }
  const numbers = [...new Set(req.body.output.completeTrackResults.map((r) => r.trackingNumber))];
  const deps = await deliveryDeps(req.log);
  const run = await checkParcels(await deps.byTracking(numbers), deps);
  if (run.released > 0) req.metrics.count('EscrowsReleased', run.released);
  return ok({ received: true, parcels: run.checked });
});
