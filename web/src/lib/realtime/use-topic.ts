import { useEffect, useRef } from 'react';
import type { SocketEvent } from '../../../../shared/events';
import { useOptionalSession } from '../session/session-context';
import { realtime, type RealtimeSocket, type TopicListener } from './socket';

export interface UseTopicOptions {
  /** Subscribed (again, after a reconnect): read what may have been missed. */
  onSubscribed?: () => void;
  onRefused?: (message: string) => void;
  /** Another socket than the page's (tests). */
  socket?: RealtimeSocket;
}

/**
 * Follows a topic on the page's shared socket while the component is mounted (null: nothing). The socket
 * authenticates with the session's token, so `user:<id>` works for the signed-in user. The callbacks may change on
 * every render without resubscribing.
 */
export function useTopic(
  topic: string | null,
  onEvent: (event: SocketEvent) => void,
  options: UseTopicOptions = {},
): void {
  const socket = options.socket ?? realtime;
  const token = useOptionalSession()?.token ?? null;
  const latest = useRef({ onEvent, ...options });
  useEffect(() => {
    latest.current = { onEvent, ...options };
  });

  useEffect(() => {
    socket.setToken(token);
  }, [socket, token]);

  useEffect(() => {
    if (!topic) return;
    const listener: TopicListener = {
      onEvent: (event) => latest.current.onEvent(event),
      onSubscribed: () => latest.current.onSubscribed?.(),
      onRefused: (message) => latest.current.onRefused?.(message),
    };
    return socket.subscribe(topic, listener);
  }, [socket, topic]);
}
