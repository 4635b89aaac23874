import { carrierWebhook } from '../../core/shipping/carrier-webhook';
import { carrierWebhookDeps } from '../../wiring/shipping';
import { httpHandler, ok } from '../../wiring/http';
import { routes } from '../../routes';

/** FedEx's tracking webhook: only a trigger to ask the Track API again, which may release escrows. */
export const handler = httpHandler(routes.carrierWebhook, async (req) => {
  const raw = req.event.isBase64Encoded ? Buffer.from(req.event.body ?? '', 'base64') : (req.event.body ?? '');
  const run = await carrierWebhook(
    raw,
    req.event.headers ?? {},
    req.body.output.completeTrackResults.map((r) => r.trackingNumber),
    carrierWebhookDeps(req.log),
  );
  if (run.released > 0) req.metrics.count('EscrowsReleased', run.released);
  return ok({ received: true, parcels: run.checked });
});
