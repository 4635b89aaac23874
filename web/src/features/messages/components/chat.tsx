import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { ConversationSummary } from '../../../../../shared/api/messages';
import { messageAge, type Message } from '../../../../../shared/domain/messages';
import type { Offer } from '../../../../../shared/domain/offers';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { UserAvatar } from '../../../domains/profile/user-avatar';
import { useSignedInSession } from '../../../lib/session/session-context';
import { useChat } from '../lib/use-chat';
import { useConversationOffers } from '../lib/use-conversation-offers';
import { ChatMakeOffer } from './chat-make-offer';
import { Composer } from './composer';
import { OfferCard } from './offer-card';

const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ChatHeader({ c, onBack, action }: { c: ConversationSummary; onBack(): void; action: ReactNode }) {
  const listing = c.listing;
  return (
    <header className="chat-header">
      <button type="button" className="btn btn-ghost chat-back" onClick={onBack}>
        ← All conversations
      </button>
      <UserAvatar username={c.otherParty.username} avatarUrl={null} size={40} />
      <div className="chat-title">
        <h2 className="chat-party" id="chat-heading">
          {c.otherParty.username}
          <span className="sr-only"> ({c.role === 'buyer' ? 'seller' : 'buyer'})</span>
        </h2>
        <p className="chat-about">
          {listing === null ? (
            <Link to={`/user/${encodeURIComponent(c.otherParty.username)}`}>Store of {c.otherParty.username}</Link>
          ) : (
            <Link to={`/item/${encodeURIComponent(listing.id)}`}>{listing.title}</Link>
          )}
        </p>
      </div>
      {action}
    </header>
  );
}

function Age({ m, nowMs, className }: { m: Message; nowMs: number; className: string }) {
  return (
    <time className={className} dateTime={m.createdAt} title={exact.format(new Date(m.createdAt))}>
      {messageAge(m.createdAt, nowMs)}
    </time>
  );
}

/** A message; an offer message shows its offer's card (`card`) in place of the text once the offer is read. */
function Bubble({
  m,
  mine,
  nowMs,
  seen,
  card,
}: {
  m: Message;
  mine: boolean;
  nowMs: number;
  seen: boolean;
  card: ReactNode;
}) {
  return (
    <li className={`bubble-row${mine ? ' bubble-mine' : ''}`}>
      <div className={`bubble${card ? ' bubble-offer' : ''}`}>
        <span className="sr-only">{mine ? 'You' : m.senderUsername}: </span>
        {card ?? <p className="bubble-text">{m.content}</p>}
        <Age m={m} nowMs={nowMs} className="bubble-time" />
      </div>
      {seen && <p className="bubble-seen">Seen</p>}
    </li>
  );
}

/** A system message ('Offer accepted'): a note in the middle of the chat, no one's bubble. */
function SystemNote({ m, nowMs }: { m: Message; nowMs: number }) {
  return (
    <li className="chat-note">
      <p className="chat-note-text">{m.content}</p>
      <Age m={m} nowMs={nowMs} className="chat-note-time" />
    </li>
  );
}

/**
 * The chat of one conversation (spec part 2): who and what it is about, the messages oldest first with their ages
 * (older ones on request), the other party's new messages arriving live (announced to screen readers: a log), 'Seen'
 * under the caller's last message once the other party read it, and the message box.
 */
export function Chat({
  conversation,
  nowMs,
  onBack,
}: {
  conversation: ConversationSummary;
  nowMs: number;
  onBack(): void;
}) {
  const { user } = useSignedInSession();
  const chat = useChat(conversation);
  const offers = useConversationOffers(conversation.listing ? conversation.id : null);
  // An offer of one's own: the card shows the server's answer at once; the messages it wrote arrive live, and are read
  // again in case the socket is away.
  const onOffer = (offer: Offer, reread = false) => {
    offers.put(offer);
    if (reread) offers.reread();
    chat.retry();
  };
  const end = useRef<HTMLDivElement>(null);
  const count = chat.messages.length;
  const newest = chat.messages.at(-1)?.id;
  // Follows the newest message (a new one, sent or received), not older pages read in above.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [newest]);
  const lastMine = [...chat.messages].reverse().find((m) => m.senderId === user.id);
  const seenId = lastMine && chat.otherReadAt && chat.otherReadAt >= lastMine.createdAt ? lastMine.id : null;

  return (
    <section className="chat" aria-labelledby="chat-heading">
      <ChatHeader
        c={conversation}
        onBack={onBack}
        action={<ChatMakeOffer conversation={conversation} onMade={(o) => onOffer(o)} />}
      />
      <div className="chat-scroll">
        {chat.error ? (
          <LoadFailed title="Failed to load messages" onRetry={chat.retry} />
        ) : chat.loading ? (
          <PageLoading text="Loading messages..." />
        ) : (
          <>
            {chat.more && (
              <button
                type="button"
                className="btn btn-outline chat-older"
                disabled={chat.loadingOlder}
                onClick={chat.loadOlder}
              >
                {chat.loadingOlder ? 'Loading...' : 'Load earlier messages'}
              </button>
            )}
            {count === 0 && <p className="chat-empty">No messages yet. Say hello!</p>}
            <ol
              className="chat-log"
              role="log"
              aria-live="polite"
              aria-label={`Messages with ${conversation.otherParty.username}`}
            >
              {chat.messages.map((m) => {
                if (m.type === 'system') return <SystemNote key={m.id} m={m} nowMs={nowMs} />;
                const offer = m.type === 'offer' && m.offerId ? offers.byId.get(m.offerId) : undefined;
                const card = offer && (
                  <OfferCard
                    offer={offer}
                    text={m.content}
                    viewerId={user.id}
                    nowMs={nowMs}
                    onAnswered={(o, counter) => onOffer(o, counter)}
                  />
                );
                return (
                  <Bubble
                    key={m.id}
                    m={m}
                    mine={m.senderId === user.id}
                    nowMs={nowMs}
                    seen={m.id === seenId}
                    card={card}
                  />
                );
              })}
            </ol>
            <div ref={end} />
          </>
        )}
      </div>
      <Composer onSend={chat.send} autoFocus />
    </section>
  );
}
