import '../../../styles/messages.css';
import { Link } from 'react-router-dom';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { requestConnectWallet } from '../../../lib/session/session-events';
import { useSession, useSignedInSession } from '../../../lib/session/session-context';
import { useNow } from '../../../lib/use-now';
import { Chat } from '../components/chat';
import { ConversationList } from '../components/conversation-list';
import { useConversations } from '../lib/use-conversations';
import { useSelection } from '../lib/use-selection';

function NoConversations() {
  return (
    <div className="status">
      <p className="status-title">No conversations yet</p>
      <p>Contact a seller from an item page to start one.</p>
      <Link to="/marketplace" className="btn btn-primary">
        Browse Marketplace
      </Link>
    </div>
  );
}

function Messages() {
  const { user } = useSignedInSession();
  const list = useConversations();
  const items = list.data?.items;
  const { selectedId, found, resolving, select } = useSelection(items);
  const nowMs = useNow();
  // A linked conversation older than the list's 20 shows at its top (until a message brings it into the list).
  const shown = found && items && !items.some((c) => c.id === found.id) ? [found, ...items] : (items ?? []);
  const selected = shown.find((c) => c.id === selectedId) ?? null;
  return (
    <div className="container messages-page">
      <h1 className="page-title">Messages</h1>
      {/* Phones show the list or the chat; wider screens both side by side. */}
      <div className="messages-layout" data-view={selected || resolving ? 'chat' : 'list'}>
        <section className="conversation-pane" aria-label="Your conversations">
          {list.error && !list.data ? (
            <LoadFailed title="Failed to load conversations" onRetry={() => void list.mutate()} />
          ) : !list.data ? (
            <PageLoading text="Loading conversations..." />
          ) : shown.length === 0 ? (
            <NoConversations />
          ) : (
            <ConversationList
              items={shown}
              selectedId={selectedId}
              viewerId={user.id}
              nowMs={nowMs}
              onSelect={select}
            />
          )}
        </section>
        <div className="chat-pane">
          {selected ? (
            <Chat key={selected.id} conversation={selected} nowMs={nowMs} onBack={() => select(null)} />
          ) : resolving ? (
            <PageLoading text="Opening conversation..." />
          ) : (
            <p className="status chat-none">Select a conversation to start messaging</p>
          )}
        </div>
      </div>
    </div>
  );
}

/** /messages (spec part 2 "Messages page"): the conversation list and the chat; signed out, Authentication Required. */
export function MessagesPage() {
  const { status } = useSession();
  if (status === 'loading') return <PageLoading />;
  if (status === 'signed-out') {
    return (
      <div className="container messages-page">
        <div className="status" role="alert">
          <p className="status-title">Authentication Required</p>
          <p>Please connect your wallet to see your messages.</p>
          <button type="button" className="btn btn-primary" onClick={requestConnectWallet}>
            Connect Wallet
          </button>
        </div>
      </div>
    );
  }
  return <Messages />;
}
