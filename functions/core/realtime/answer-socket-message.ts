import type { ServerSocketMessage } from '../../../shared/events';
import type { SessionStore } from '../auth/ports';
import type { Clock } from '../clock/clock';
import { handleSocketMessage, type IncomingFrame } from './connections';
import type { RealtimeStore, SocketSender } from './ports';

/** $default: answers the frame over @connections (a socket gone meanwhile needs no answer). */
export async function answerSocketMessage(
  connectionId: string,
  frame: IncomingFrame,
  deps: { store: RealtimeStore; sender: SocketSender; clock: Clock; sessions: Pick<SessionStore, 'get'> },
): Promise<ServerSocketMessage> {
  const reply = await handleSocketMessage(deps.store, connectionId, frame, deps.clock.now(), deps.sessions);
  await deps.sender.send(connectionId, reply);
  return reply;
}
