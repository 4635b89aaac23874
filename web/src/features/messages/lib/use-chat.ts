import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { ConversationSummary } from '../../../../../shared/api/messages';
import type { Message } from '../../../../../shared/domain/messages';
import { userTopic, type SocketEvent } from '../../../../../shared/events';
import { ApiError } from '../../../lib/api';
import {
  markConversationRead,
  sendMessage,
  useMessagePages,
  type MessagePage as Page,
} from '../../../domains/messages/chat-api';
import { MESSAGE_TOASTS, unreadMessagesKey } from '../../../domains/messages/api';
import { useTopic } from '../../../lib/realtime/use-topic';
import { useSignedInSession } from '../../../lib/session/session-context';
import { conversationsKey, withMessage, withUnread, type ConversationList } from './use-conversations';

/** A page with `message` added at the end (newest), unless it holds it already (a live copy of one just sent). */
export function withAppended(page: Page, message: Message): Page {
  return page.items.some((m) => m.id === message.id) ? page : { ...page, items: [...page.items, message] };
}

/** Whether the tab is in front (a message arriving in a hidden tab stays unread until the user looks). */
function useVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * One open conversation: its messages (newest page first, older pages on demand; shown oldest first), the other
 * party's messages arriving live on the user's topic, 'Seen' when the other party read it, marked read while open in
 * a tab in front, and sending (Idempotency-Key per message, so a retry never sends it twice).
 */
export function useChat(conversation: ConversationSummary) {
  const { user, token } = useSignedInSession();
  const { mutate } = useSWRConfig();
  const id = conversation.id;
  const pages = useMessagePages(user.id, id, token, {
    onError: () => toast.error(MESSAGE_TOASTS.loadMessages[0]),
    // A live message is added to the newest page; reading older pages must not read that one again.
    revalidateFirstPage: false,
  });
  const { mutate: mutatePages } = pages;
  const append = useCallback(
    (message: Message) =>
      void mutatePages((current) => current && [withAppended(current[0]!, message), ...current.slice(1)], {
        revalidate: false,
      }),
    [mutatePages],
  );

  const onEvent = (event: SocketEvent) => {
    if (event.type === 'message.created' && event.data.message.conversationId === id) append(event.data.message);
    if (event.type === 'conversation.read' && event.data.conversationId === id && event.data.readerId !== user.id) {
      const readAt = event.data.readAt;
      void mutatePages((current) => current && [{ ...current[0]!, otherReadAt: readAt }, ...current.slice(1)], {
        revalidate: false,
      });
    }
  };
  // (Re)subscribed: read again what may have come while this chat was closed or the socket away.
  useTopic(userTopic(user.id), onEvent, { onSubscribed: () => void mutatePages() });

  // Open in a tab in front with unread messages (on opening, or a new one arriving): read.
  const visible = useVisible();
  const unread = conversation.unreadCount;
  useEffect(() => {
    if (!visible || unread === 0) return;
    void markConversationRead(token, id)
      .then(({ unreadCount }) => {
        void mutate(unreadMessagesKey(user.id), { unreadCount }, { revalidate: false });
        void mutate(
          conversationsKey(user.id),
          (list: ConversationList | undefined) => list && { ...withUnread(list, id, 0), unreadCount },
          { revalidate: false },
        );
      })
      // Only logged: the count stays until the next read succeeds.
      .catch((error: unknown) => console.warn('Marking the conversation read failed', error));
  }, [visible, unread, id, token, user.id, mutate]);

  const send = useCallback(
    async (content: string): Promise<boolean> => {
      try {
        const message = await sendMessage(token, id, content);
        append(message);
        void mutate(
          conversationsKey(user.id),
          (list: ConversationList | undefined) => (list && withMessage(list, message, null)) ?? list,
          { revalidate: false },
        );
        return true;
      } catch (error) {
        toast.error(MESSAGE_TOASTS.sendFailed[0], {
          description: error instanceof ApiError ? error.message : undefined,
        });
        return false;
      }
    },
    [id, token, append, mutate, user.id],
  );

  const loaded = pages.data ?? [];
  const messages = [...loaded].reverse().flatMap((p) => p.items);
  return {
    messages,
    otherReadAt: loaded[0]?.otherReadAt ?? null,
    more: loaded.at(-1)?.more ?? false,
    loading: !pages.data && !pages.error,
    error: pages.error && !pages.data ? pages.error : null,
    loadingOlder: pages.isValidating && pages.size > loaded.length,
    loadOlder: () => void pages.setSize(pages.size + 1),
    retry: () => void mutatePages(),
    send,
  };
}
