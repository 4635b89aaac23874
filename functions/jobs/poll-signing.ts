import { signingCheckMessage } from '../../shared/events';
import { pollSigning } from '../core/signing/poll-signing';
import { sqsConsumer } from '../wiring/jobs';
import { pollSigningDeps } from '../wiring/signing';

/**
 * Consumer of the signing queue: one check of one pending signing request per message (core/signing/poll-signing.ts);
 * a resolved request is settled by its purpose (core/signing/settle-signing.ts). Checks of a batch run side by side
 * (each waits on Xaman); a failed one comes back alone.
 */
export const handler = sqsConsumer(
  'jobs/poll-signing',
  signingCheckMessage,
  async (check, { messageId, log }) => {
    const outcome = await pollSigning(check, messageId, pollSigningDeps(log));
    log.info('signing request checked', { ...check, outcome });
  },
  { concurrent: true },
);
