import { answerSocketMessage } from '../core/realtime/answer-socket-message';
import { socketHandler } from '../wiring/jobs';
import { answerSocketMessageDeps } from '../wiring/realtime';

/** Messages from browsers: subscribe / unsubscribe to topics, ping. The answer goes back over @connections. */
export const handler = socketHandler('ws/answer-socket-message', async (event, { connectionId }) => {
  await answerSocketMessage(
    connectionId,
    { body: event.body, isBase64Encoded: event.isBase64Encoded },
    answerSocketMessageDeps(),
  );
  return { statusCode: 200 };
});
