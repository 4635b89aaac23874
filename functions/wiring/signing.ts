import type { OpenSigningDeps } from '../core/signing/open-signing-request';
import { checkNow, type PollDeps } from '../core/signing/poll-signing';
import { settleSigning, type SettlementWiring } from '../core/signing/settle-signing';
import type { XamanWebhookDeps } from '../core/signing/xaman-webhook';
import { clock } from '../adapters/clock';
import { signingRequestStore } from '../adapters/db/signing-request-store';
import { db } from '../adapters/db/service';
import { settleDeps } from './orders';
import { secrets } from '../adapters/secrets';
import { signer } from '../adapters/signer/xaman-signer';
import { verifyXamanWebhook } from '../adapters/signer/xaman-webhook-signature';
import { signingEvents, signingQueue } from '../adapters/signing-queue';
import type { Logger } from '../lib/logger';
import { labelDeps, requestPlatformFeeDeps } from './orders';
import { trustLineDeps } from './wallet';
import { settleSendDeps } from './sends';
import { returnRefundDeps } from './returns';

// Signing requests (decision 045): opening one, following it, and settling it by its purpose.

type Log = Pick<Logger, 'warn' | 'error'>;

export const signingRequests = () => signingRequestStore(db());

/** What opening a request takes, in every flow that opens one (the signer whole: flows also read or cancel). */
export function openSigningDeps() {
  return { signer: signer(), store: signingRequests(), queue: signingQueue, clock } satisfies OpenSigningDeps;
}

/** Each purpose's settlement deps, built only when a request of that purpose resolves. */
function settlementWiring(log: Log): SettlementWiring {
  return {
    'sign-in': async () => undefined,
    'escrow-create': () => settleDeps(log),
    'trust-line': () => trustLineDeps(log),
    'platform-fee': async () => ({ fee: await requestPlatformFeeDeps(log), label: labelDeps(log) }),
    'return-refund': () => returnRefundDeps(log),
    'send-funds': () => settleSendDeps(log),
  };
}

export function pollSigningDeps(log: Log): PollDeps {
  const settlements = settlementWiring(log);
  return {
    store: signingRequests(),
    signer: signer(),
    queue: signingQueue,
    events: signingEvents,
    clock,
    settle: (record) => settleSigning(record, settlements),
  };
}

/**
 * A signing request checked now (the wallet service's webhook; a polling browser, at most once per `minAgeMs`): read
 * through, announced, and settled by its purpose.
 */
export function checkSigningNow(log: Log, minAgeMs = 0) {
  return (uuid: string) => {
    const { queue: _queue, ...deps } = pollSigningDeps(log);
    return checkNow(uuid, deps, minAgeMs);
  };
}

export function xamanWebhookDeps(log: Log): XamanWebhookDeps {
  return {
    verify: async (timestamp, rawBody, signature) =>
      verifyXamanWebhook(await secrets.read('xamanApiSecret'), timestamp, rawBody, signature),
    checkNow: checkSigningNow(log),
  };
}
