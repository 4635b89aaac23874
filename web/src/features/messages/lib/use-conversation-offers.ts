import { useMemo } from 'react';
import type { Offer } from '../../../../../shared/domain/offers';
import { userTopic, type SocketEvent } from '../../../../../shared/events';
import { useConversationOfferList } from '../../../domains/offers/api';
import { useTopic } from '../../../lib/realtime/use-topic';
import { useSignedInSession } from '../../../lib/session/session-context';

type Offers = { items: Offer[] };

/**
 * The list with `offer` in it (added, or in place of its older copy); the same list when it already holds this or a
 * newer version (a late or repeated push never rolls a card back).
 */
export function withOffer(list: Offers, offer: Offer): Offers {
  const current = list.items.find((o) => o.id === offer.id);
  if (current && current.updatedAt >= offer.updatedAt) return list;
  const items = current ? list.items.map((o) => (o.id === offer.id ? offer : o)) : [offer, ...list.items];
  return { items };
}

/**
 * The offers of a listing conversation (newest first), by id for the chat's offer cards, kept live from the user's
 * topic: `offer.updated` carries the whole offer (a new round, an answer, an expiry, a decline), an offer message whose
 * offer is not known yet reads them again, and so does a (re)subscription. Null: a conversation with no listing.
 */
export function useConversationOffers(conversationId: string | null) {
  const { user, token } = useSignedInSession();
  const swr = useConversationOfferList(user.id, conversationId, token);
  const { data, mutate } = swr;
  const byId = useMemo(() => new Map((data?.items ?? []).map((o) => [o.id, o])), [data]);

  /** An offer the caller's own request answered with. */
  const put = (offer: Offer) => void mutate((list) => list && withOffer(list, offer), { revalidate: false });

  const onEvent = (event: SocketEvent) => {
    if (event.type === 'offer.updated' && event.data.offer.conversationId === conversationId) {
      put(event.data.offer);
    } else if (event.type === 'message.created') {
      const { conversationId: about, offerId } = event.data.message;
      if (about === conversationId && offerId && !byId.has(offerId)) void mutate();
    }
  };
  useTopic(conversationId ? userTopic(user.id) : null, onEvent, { onSubscribed: () => void mutate() });

  return { byId, put, reread: () => void mutate() };
}
