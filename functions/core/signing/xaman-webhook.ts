import { UnauthorizedError } from '../../lib/errors';

/** One call of the wallet service's webhook: the raw body its signature covers, and the request it names. */
export interface XamanWebhookCall {
  rawBody: string;
  timestamp: string | undefined;
  signature: string | undefined;
  uuid: string;
}

export interface XamanWebhookDeps {
  /** Whether the call's signature is the wallet service's, made with our API secret. */
  verify(timestamp: string | undefined, rawBody: string, signature: string | undefined): Promise<boolean>;
  /** Checks the request now: read through, announced, and settled by its purpose. */
  checkNow(uuid: string): Promise<unknown>;
}

/**
 * The wallet service says a request resolved: only a trigger to read it back with our secret, once the call's
 * signature is checked; nothing in the call's body is believed.
 */
export async function xamanWebhook(call: XamanWebhookCall, deps: XamanWebhookDeps): Promise<{ received: true }> {
  if (!(await deps.verify(call.timestamp, call.rawBody, call.signature))) {
    throw new UnauthorizedError('The webhook signature does not match');
  }
  await deps.checkNow(call.uuid);
  return { received: true };
}
