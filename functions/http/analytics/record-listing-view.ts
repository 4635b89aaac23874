import { recordListingView } from '../../core/analytics/record-listing-view';
import { recordListingViewDeps } from '../../wiring/analytics';
import { httpHandler, optionalPrincipal, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.recordListingView, async (req) => {
  const viewer = await optionalPrincipal(req.event.headers);
  const body = await recordListingView(
    req.params.listingId,
    { userId: viewer?.userId ?? null, sourceIp: sourceIpOf(req.event), userAgent: req.event.headers?.['user-agent'] },
    recordListingViewDeps(),
  );
  return { status: 202, body };
});
