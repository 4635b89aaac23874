import { sendMessage } from '../../core/messages/send-message';
import { created, httpHandler, principalOf } from '../../wiring/http';
import { idempotentRequests } from '../../wiring/idempotency';
import { sendMessageDeps } from '../../wiring/messages';
import { routes } from '../../routes';

export const handler = httpHandler(
  routes.sendMessage,
  async (req) => {
    const message = await sendMessage(
      principalOf(req).userId,
      req.params.conversationId,
      req.body.content,
      sendMessageDeps(req.log),
    );
    req.metrics.count('MessagesSent', 1);
    return created(message);
  },
  // A retried send (lost answer, double Enter) gets the first answer: never the message twice.
  { idempotency: idempotentRequests('sendMessage') },
);
