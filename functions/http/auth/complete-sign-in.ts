import { completeSignIn } from '../../core/auth/complete-sign-in';
import { completeSignInDeps } from '../../wiring/sign-in';
import { httpHandler, ok, sourceIpOf } from '../../wiring/http';
import { routes } from '../../routes';

export const handler = httpHandler(routes.completeSignIn, async ({ params, body, event, metrics }) => {
  const answer = { uuid: params.uuid, clientSecret: body.clientSecret, sourceIp: sourceIpOf(event) };
  const completion = await completeSignIn(answer, completeSignInDeps());
  // A new wallet gets a registration ticket instead; its sign-in counts when the account is created.
  if (completion.kind === 'session') metrics.count('SignIns');
  return ok(completion);
});
