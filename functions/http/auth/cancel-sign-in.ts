import { cancelSignIn } from '../../core/auth/cancel-sign-in';
import { cancelSignInDeps } from '../../wiring/sign-in';
import { httpHandler, ok, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.cancelSignIn, async ({ params, body, event }) =>
  ok(
    await cancelSignIn(
      { uuid: params.uuid, clientSecret: body.clientSecret, sourceIp: sourceIpOf(event) },
      cancelSignInDeps(),
    ),
  ),
);
