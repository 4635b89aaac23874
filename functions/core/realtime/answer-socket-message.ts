import type { ServerSocketMessage } from '../../../shared/events';
import type { Clock } from '../clock/clock';
import { handleSocketMessage, type IncomingFrame } from './connections';
import type { RealtimeStore, SocketSender } from './ports';

/** $default: answers the frame over @connections (a socket gone meanwhile needs no answer). */
export async function answerSocketMessage(
  connectionId: string,
  frame: IncomingFrame,
  deps: { store: RealtimeStore; sender: SocketSender; clock: Clock },
): Promise<ServerSocketMessage> {
  const reply = await handleSocketMessage(deps.store, connectionId, frame, deps.clock.now());
  await deps.sender.send(connectionId, reply);
  return reply;
}
