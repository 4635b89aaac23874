import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { conversationIdSchema, type ConversationSummary } from '../../../../../shared/api/messages';
import { getConversation, listConversations } from '../../../domains/messages/chat-api';
import { ApiError } from '../../../lib/api';
import { useSignedInSession } from '../../../lib/session/session-context';

/**
 * The chosen conversation, from `?conversation=` (spec part 2: a conversation id, or a buyer's id when the seller's
 * side links to it). An id in the list selects it; else it is read by id (one older than the list's 20); else it is
 * taken as a user's id and their most recent conversation with the caller is chosen (the address then names it).
 * `found` is the summary of a conversation the list doesn't hold; `select` moves to another (a history entry, so a
 * phone's Back returns to the list).
 */
export function useSelection(items: ConversationSummary[] | undefined) {
  const { token } = useSignedInSession();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('conversation');
  const [found, setFound] = useState<ConversationSummary | null>(null);
  const [resolving, setResolving] = useState(false);
  const inList = wanted !== null && items?.some((c) => c.id === wanted);

  useEffect(() => {
    if (!wanted || !items || inList || found?.id === wanted) return;
    const controller = new AbortController();
    const { signal } = controller;
    setResolving(true);
    void (async () => {
      try {
        if (conversationIdSchema.safeParse(wanted).success) {
          try {
            setFound(await getConversation(token, wanted, signal));
            return;
          } catch (error) {
            if (!(error instanceof ApiError && error.status === 404)) throw error;
          }
        }
        const withUser = await listConversations(token, wanted, signal);
        const latest = withUser.items[0];
        if (latest) {
          setFound(latest);
          setParams({ conversation: latest.id }, { replace: true });
        }
      } catch (error) {
        if (!signal.aborted) console.warn('Could not open the linked conversation', error);
      } finally {
        if (!signal.aborted) setResolving(false);
      }
    })();
    return () => controller.abort();
  }, [wanted, items, inList, found?.id, token, setParams]);

  const selectedId = inList || found?.id === wanted ? wanted : null;
  const select = (id: string | null) => setParams(id ? { conversation: id } : {});
  return { selectedId, found: found?.id === wanted ? found : null, resolving: resolving && !selectedId, select };
}
