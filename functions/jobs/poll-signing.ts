import { signingRequests } from '../wiring/auth';
import { settleBy } from '../wiring/orders';
import { signer } from '../adapters/signer/xaman-signer';
import { signingCheckMessage } from '../../shared/events';
import { signingEvents, signingQueue } from '../adapters/signing-queue';
import { checkSigningRequest } from '../core/signing/poll-signing';
import { sqsConsumer } from '../wiring/jobs';

/**
 * Consumer of the signing queue: one check of one pending signing request per message (core/signing/poll-signing.ts);
 * a resolved request is settled by its purpose (an escrow-create request funds or cancels its order). Checks of a
 * batch run side by side (each waits on Xaman); a failed one comes back alone.
 */
export const handler = sqsConsumer(
  'jobs/poll-signing',
  signingCheckMessage,
  async (check, { messageId, log }) => {
    const outcome = await checkSigningRequest(check, messageId, {
      store: signingRequests(),
      signer: signer(),
      queue: signingQueue,
      events: signingEvents,
      now: new Date(),
      settle: (record) => settleBy(record, log),
    });
    log.info('signing request checked', { ...check, outcome });
  },
  { concurrent: true },
);
