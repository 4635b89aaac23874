import type { ReturnRepository } from './ports';
import { toReturnRequest } from './return-view';

/** The seller's return requests, newest first (the return-requests list, decision 054). */
export async function listReturnRequests(
  sellerId: string,
  query: { limit: number; cursor?: string },
  deps: { returns: Pick<ReturnRepository, 'ofSeller'>; mediaUrl: (key: string) => string },
) {
  const page = await deps.returns.ofSeller(sellerId, query.limit, query.cursor ?? null);
  return { items: page.items.map((r) => toReturnRequest(r, deps.mediaUrl)), nextCursor: page.cursor };
}
