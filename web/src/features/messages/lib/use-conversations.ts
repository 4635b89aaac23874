import { useEffect } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { ConversationSummary } from '../../../../../shared/api/messages';
import type { Message, UnreadCounts } from '../../../../../shared/domain/messages';
import { userTopic, type SocketEvent } from '../../../../../shared/events';
import { useConversationList } from '../../../domains/messages/chat-api';
import { MESSAGE_TOASTS, unreadMessagesKey } from '../../../domains/messages/api';
import { useTopic } from '../../../lib/realtime/use-topic';
import { useSignedInSession } from '../../../lib/session/session-context';
import { keys } from '../../../domains/keys';

export type ConversationList = { items: ConversationSummary[]; unreadCount: number };

/** SWR key of the signed-in user's conversation list. */
export const conversationsKey = keys.conversations;

/**
 * The list after `message`: its conversation moves to the top with it as the last message and, for the recipient, the
 * counts it came with; null when the conversation is not in the list.
 */
export function withMessage(
  list: ConversationList,
  message: Message,
  unread: UnreadCounts | null,
): ConversationList | null {
  const current = list.items.find((c) => c.id === message.conversationId);
  if (!current) return null;
  const moved: ConversationSummary = {
    ...current,
    lastMessage: {
      senderId: message.senderId,
      type: message.type,
      content: message.content,
      createdAt: message.createdAt,
    },
    updatedAt: message.createdAt,
    unreadCount: unread?.conversation ?? current.unreadCount,
  };
  return {
    items: [moved, ...list.items.filter((c) => c.id !== current.id)],
    unreadCount: unread?.total ?? list.unreadCount,
  };
}

/** Sets a conversation's unread count in the list (a read here or in another tab). */
export function withUnread(list: ConversationList, conversationId: string, unreadCount: number): ConversationList {
  return {
    ...list,
    items: list.items.map((c) => (c.id === conversationId ? { ...c, unreadCount } : c)),
  };
}

/**
 * The 20 most recent conversations (spec part 2), kept live from the user's topic: a message moves its conversation to
 * the top with the recipient's count (one not in the list reads the list again), a read in another tab clears it.
 */
export function useConversations() {
  const { user, token } = useSignedInSession();
  const { mutate } = useSWRConfig();
  const swr = useConversationList(user.id, token, {
    onError: () => toast.error(MESSAGE_TOASTS.loadConversations[0]),
  });
  // The list reads the header's count too: keep the two in step.
  const unreadCount = swr.data?.unreadCount;
  useEffect(() => {
    if (unreadCount !== undefined) void mutate(unreadMessagesKey(user.id), { unreadCount }, { revalidate: false });
  }, [unreadCount, user.id, mutate]);

  const onEvent = (event: SocketEvent) => {
    if (event.type === 'message.created') {
      const { message, unread } = event.data;
      const next = swr.data && withMessage(swr.data, message, unread);
      if (next) void swr.mutate(next, { revalidate: false });
      else void swr.mutate();
    } else if (event.type === 'conversation.read' && event.data.readerId === user.id && swr.data) {
      void swr.mutate(withUnread(swr.data, event.data.conversationId, 0), { revalidate: false });
    }
  };
  useTopic(userTopic(user.id), onEvent, { onSubscribed: () => void swr.mutate() });
  return swr;
}
