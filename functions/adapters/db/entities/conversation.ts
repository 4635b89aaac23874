import { Entity, type EntityConfiguration } from 'electrodb';
import { CONVERSATION_ROLES, MESSAGE_KINDS } from '../../../../shared/domain/messages';
import { TABLE_INDEXES as I, TABLE_KEY } from '../table';

/**
 * One conversation of (listing or store, buyer, seller), in its own partition with its messages. Its id is made from
 * its listing (or seller) and buyer (core/messages/conversation-id.ts), so creating it conditionally is find-or-create.
 * The parties never change; their usernames are kept (usernames never change either).
 */
export const conversationEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'conversation', version: '1', service: 'marketplace' },
      attributes: {
        conversationId: { type: 'string', required: true },
        listingId: { type: 'string', readOnly: true },
        listingTitle: { type: 'string', readOnly: true },
        listingImageKey: { type: 'string', readOnly: true },
        buyerId: { type: 'string', required: true, readOnly: true },
        buyerUsername: { type: 'string', required: true, readOnly: true },
        sellerId: { type: 'string', required: true, readOnly: true },
        sellerUsername: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        updatedAt: { type: 'string', required: true },
        /**
         * The newest offer round made in it (decision 033): making or countering an offer moves it, conditionally on
         * the value read, so one conversation has one live offer thread at a time.
         */
        currentOfferId: { type: 'string' },
      },
      indexes: {
        byId: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['conversationId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );

/** One message, in its conversation's partition; ids are ULIDs, so the sort key orders them by time. */
export const messageEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'message', version: '1', service: 'marketplace' },
      attributes: {
        conversationId: { type: 'string', required: true },
        messageId: { type: 'string', required: true },
        senderId: { type: 'string', required: true, readOnly: true },
        kind: { type: MESSAGE_KINDS, required: true, readOnly: true },
        content: { type: 'string', required: true, readOnly: true },
        createdAt: { type: 'string', required: true, readOnly: true },
        /** An `offer` message's offer, a `system` message's answered one (decision 033). */
        offerId: { type: 'string', readOnly: true },
      },
      indexes: {
        byConversation: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['conversationId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['messageId'] },
        },
      },
    },
    config,
  );

/**
 * One party's entry for a conversation, in the party's partition: what their list shows (other party, listing, last
 * message) and their unread count in it. Keyed by the other party, so "my conversations with this user" is one key
 * range; in the activity index by last activity, so "my 20 most recent" is one query.
 */
export const inboxEntryEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'inboxEntry', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        otherUserId: { type: 'string', required: true },
        conversationId: { type: 'string', required: true },
        role: { type: CONVERSATION_ROLES, required: true },
        otherUsername: { type: 'string', required: true },
        listingId: { type: 'string' },
        listingTitle: { type: 'string' },
        listingImageKey: { type: 'string' },
        createdAt: { type: 'string', required: true },
        lastActivityAt: { type: 'string', required: true },
        lastMessageId: { type: 'string' },
        lastMessageSenderId: { type: 'string' },
        lastMessageKind: { type: MESSAGE_KINDS },
        lastMessageText: { type: 'string' },
        lastMessageAt: { type: 'string' },
        // No default: a write of the sender's side must never reset it (only ADD and the read's SET touch it).
        unread: { type: 'number' },
        lastReadAt: { type: 'string' },
      },
      indexes: {
        byUserOther: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['userId'] },
          sk: { field: TABLE_KEY.sortKey, composite: ['otherUserId', 'conversationId'] },
        },
        byUserActivity: {
          index: 'byOwnerTime',
          pk: { field: I.byOwnerTime.partitionKey, composite: ['userId'] },
          sk: { field: I.byOwnerTime.sortKey, composite: ['lastActivityAt', 'conversationId'] },
        },
      },
    },
    config,
  );

/** The user's unread messages in all conversations, changed in the same transactions as the entries (the header). */
export const messageCounterEntity = (config: EntityConfiguration = {}) =>
  new Entity(
    {
      model: { entity: 'messageCounter', version: '1', service: 'marketplace' },
      attributes: {
        userId: { type: 'string', required: true },
        unread: { type: 'number', required: true, default: 0 },
      },
      indexes: {
        byUser: {
          pk: { field: TABLE_KEY.partitionKey, composite: ['userId'] },
          sk: { field: TABLE_KEY.sortKey, composite: [] },
        },
      },
    },
    config,
  );
