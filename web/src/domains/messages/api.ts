import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import useSWR, { useSWRConfig } from 'swr';
import * as contracts from '../../../../shared/api/messages';
import { getUnreadMessageCount } from '../../../../shared/api/messages';
import { userTopic, type SocketEvent } from '../../../../shared/events';
import { ApiError, apiGet, apiSend } from '../../lib/api';
import { useTopic } from '../../lib/realtime/use-topic';
import { requestConnectWallet } from '../../lib/session/session-events';
import { useOptionalSession } from '../../lib/session/session-context';
import { keys } from '../keys';

/**
 * Messaging the header, the pages with Contact Seller and /messages share (spec part 1 "Contact seller and wishlist",
 * part 2 "Messages page"): the unread count of the account panel, kept live from the user's topic, and starting a
 * conversation.
 */

/** SWR key of the signed-in user's unread message count; one cache entry per user. */
export const unreadMessagesKey = keys.unreadMessages;

/** Spec part 2 "Error catalogue": the texts of messaging's toasts. */
export const MESSAGE_TOASTS = {
  signIn: ['Authentication Required', 'Please connect your wallet to contact the seller'],
  ownListing: ['Cannot Contact Yourself'],
  started: ['Conversation Started'],
  startFailed: ['Failed to start conversation'],
  loadConversations: ['Failed to load conversations'],
  loadMessages: ['Failed to load messages'],
  sendFailed: ['Failed to send message'],
} as const;

export function useUnreadMessages() {
  const session = useOptionalSession();
  const token = session?.token ?? null;
  const userId = session?.user?.id ?? null;
  return useSWR(userId && token ? unreadMessagesKey(userId) : null, () => apiGet(getUnreadMessageCount, { token }), {
    onError: (error) => console.warn('Unread message count failed', error),
  });
}

/**
 * Follows the user's topic while mounted (the header): a message to the user sets the count it carries, a read in any
 * tab the reader's new count; after a (re)connect the count is read again, since pushes may have been missed.
 */
export function useLiveUnreadMessages() {
  const session = useOptionalSession();
  const userId = session?.user?.id ?? null;
  const { mutate } = useSWRConfig();
  const set = (unreadCount: number) =>
    userId && void mutate(unreadMessagesKey(userId), { unreadCount }, { revalidate: false });
  const onEvent = (event: SocketEvent) => {
    if (event.type === 'message.created' && event.data.unread) set(event.data.unread.total);
    if (event.type === 'conversation.read' && event.data.unreadCount !== null) set(event.data.unreadCount);
  };
  useTopic(userId ? userTopic(userId) : null, onEvent, {
    onSubscribed: () => userId && void mutate(unreadMessagesKey(userId)),
  });
}

export type ContactTarget = { listingId: string } | { sellerId: string };

/** Finds or makes the one conversation about a listing, or with a store's user (403 for one's own). */
export function startConversation(token: string, target: ContactTarget) {
  return apiSend(contracts.startConversation, { body: target, token });
}

/** The /messages address of a conversation (or of a user's conversations: the seller's link by a buyer's id). */
export const messagesUrl = (conversationOrUser: string) =>
  `/messages?conversation=${encodeURIComponent(conversationOrUser)}`;

/**
 * Contact Seller / Message: signed out opens Connect Wallet with the spec's toast; one's own listing or store is
 * 'Cannot Contact Yourself' (the server refuses it too); otherwise the one conversation is found or made and opened.
 */
export function useContactSeller() {
  const session = useOptionalSession();
  const token = session?.token ?? null;
  const userId = session?.user?.id ?? null;
  const navigate = useNavigate();
  return useCallback(
    async (target: ContactTarget, sellerId: string) => {
      if (!token || !userId) {
        toast.error(MESSAGE_TOASTS.signIn[0], { description: MESSAGE_TOASTS.signIn[1] });
        requestConnectWallet();
        return;
      }
      if (sellerId === userId) {
        toast.error(MESSAGE_TOASTS.ownListing[0]);
        return;
      }
      try {
        const { conversation, created } = await startConversation(token, target);
        if (created) toast.success(MESSAGE_TOASTS.started[0]);
        navigate(messagesUrl(conversation.id));
      } catch (error) {
        if (error instanceof ApiError && error.code === 'cannot_contact_yourself') {
          toast.error(MESSAGE_TOASTS.ownListing[0]);
        } else {
          toast.error(MESSAGE_TOASTS.startFailed[0], {
            description: error instanceof ApiError ? error.message : undefined,
          });
        }
      }
    },
    [token, userId, navigate],
  );
}
