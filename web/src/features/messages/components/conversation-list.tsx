import type { ConversationSummary } from '../../../../../shared/api/messages';
import { messageAge } from '../../../../../shared/domain/messages';
import { UserAvatar } from '../../../domains/profile/user-avatar';
import { badgeCount } from '../../../lib/badge';

/** What a list line says a conversation is about: its listing's title, or a message to a store. */
export const aboutOf = (c: ConversationSummary) => c.listing?.title ?? `Store of ${c.otherParty.username}`;

function preview(c: ConversationSummary, viewerId: string): string {
  if (!c.lastMessage) return 'No messages yet';
  return `${c.lastMessage.senderId === viewerId ? 'You: ' : ''}${c.lastMessage.content}`;
}

/**
 * The conversation list (spec part 2): per conversation the other party, the listing, the last message, its age and
 * the unread count. Each is a button; the chosen one is marked current.
 */
export function ConversationList({
  items,
  selectedId,
  viewerId,
  nowMs,
  onSelect,
}: {
  items: ConversationSummary[];
  selectedId: string | null;
  viewerId: string;
  nowMs: number;
  onSelect(id: string): void;
}) {
  return (
    <ul className="conversation-list" aria-label="Conversations">
      {items.map((c) => {
        const unread = c.unreadCount > 0;
        return (
          <li key={c.id}>
            <button
              type="button"
              className={`conversation-item${unread ? ' conversation-unread' : ''}`}
              aria-current={c.id === selectedId ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
            >
              {c.listing?.imageUrl ? (
                <img className="conversation-thumb" src={c.listing.imageUrl} alt="" width={44} height={44} />
              ) : (
                <UserAvatar username={c.otherParty.username} avatarUrl={null} size={44} />
              )}
              <span className="conversation-text">
                <span className="conversation-line">
                  <span className="conversation-party">{c.otherParty.username}</span>
                  <time className="conversation-age" dateTime={c.updatedAt}>
                    {messageAge(c.updatedAt, nowMs)}
                  </time>
                </span>
                <span className="conversation-about">{aboutOf(c)}</span>
                <span className="conversation-line">
                  <span className="conversation-preview">{preview(c, viewerId)}</span>
                  {unread && (
                    <span className="badge badge-primary conversation-count" aria-label={`${c.unreadCount} unread`}>
                      {badgeCount(c.unreadCount)}
                    </span>
                  )}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
