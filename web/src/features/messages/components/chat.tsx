import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { ConversationSummary } from '../../../../../shared/api/messages';
import { messageAge, type Message } from '../../../../../shared/domain/messages';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { UserAvatar } from '../../../components/user-avatar';
import { useSignedInSession } from '../../../lib/session/session-context';
import { useChat } from '../lib/use-chat';
import { Composer } from './composer';

const exact = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function ChatHeader({ c, onBack }: { c: ConversationSummary; onBack(): void }) {
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
    </header>
  );
}

function Bubble({ m, mine, nowMs, seen }: { m: Message; mine: boolean; nowMs: number; seen: boolean }) {
  return (
    <li className={`bubble-row${mine ? ' bubble-mine' : ''}`}>
      <div className="bubble">
        <span className="sr-only">{mine ? 'You' : m.senderUsername}: </span>
        <p className="bubble-text">{m.content}</p>
        <time className="bubble-time" dateTime={m.createdAt} title={exact.format(new Date(m.createdAt))}>
          {messageAge(m.createdAt, nowMs)}
        </time>
      </div>
      {seen && <p className="bubble-seen">Seen</p>}
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
      <ChatHeader c={conversation} onBack={onBack} />
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
              {chat.messages.map((m) => (
                <Bubble key={m.id} m={m} mine={m.senderId === user.id} nowMs={nowMs} seen={m.id === seenId} />
              ))}
            </ol>
            <div ref={end} />
          </>
        )}
      </div>
      <Composer onSend={chat.send} autoFocus />
    </section>
  );
}
