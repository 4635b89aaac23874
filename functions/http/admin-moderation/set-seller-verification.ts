import { setSellerVerification } from '../../core/admin-moderation/set-seller-verification';
import { sellerVerificationDeps } from '../../wiring/admin-moderation';
import { httpHandler, ok, principalOf } from '../../wiring/http';
import { routes } from '../../routes';

/** An administrator marks a seller verified or not (decision 069). */
export const handler = httpHandler(routes.setSellerVerification, async (req) =>
  ok(await setSellerVerification(principalOf(req).userId, req.params.username, req.body, sellerVerificationDeps())),
);
