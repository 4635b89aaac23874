import { createHash } from 'node:crypto';
import { dayOf } from '../../../shared/domain/analytics';
import { NotFoundError } from '../../lib/errors';
import type { Clock } from '../clock/clock';
import type { EventPublisher } from '../realtime/ports';
import { isBotUserAgent } from './bots';

export interface RecordListingViewDeps {
  /** The seller of a listing its page shows (active, sold out, or an auction that ended), else null. */
  sellerOfShownListing(listingId: string): Promise<string | null>;
  /** The day's random salt (made on first use, forgotten after the day). */
  daySalt(day: string): Promise<string>;
  events: EventPublisher;
  newId: () => string;
  clock: Clock;
}

export interface Viewer {
  /** The signed-in viewer, or null for a visitor. */
  userId: string | null;
  sourceIp: string;
  userAgent: string | undefined;
}

/**
 * A visitor's key for the day (decision 056): a hash of their address and browser with the day's salt. Stable for the
 * day, so repeats and unique viewers can be told apart, and no longer anything once the salt is gone.
 */
export function anonymousViewerKey(salt: string, sourceIp: string, userAgent: string): string {
  return `a:${createHash('sha256').update(`${salt}\n${sourceIp}\n${userAgent}`).digest('base64url').slice(0, 22)}`;
}

/**
 * The listing page's beacon (decision 056): a view of a shown listing becomes a listing.viewed event for its seller's
 * Analytics, unless the viewer is its seller or a robot. Whether it counts (not within 30 minutes of the viewer's last
 * counted view of it) is the events consumer's to decide, so the page's own request never waits on the counting.
 */
export async function recordListingView(listingId: string, viewer: Viewer, deps: RecordListingViewDeps) {
  const sellerId = await deps.sellerOfShownListing(listingId);
  if (!sellerId) throw new NotFoundError('Listing not found');
  if (viewer.userId === sellerId || isBotUserAgent(viewer.userAgent)) return {};
  const now = deps.clock.now();
  const viewerKey = viewer.userId
    ? `u:${viewer.userId}`
    : anonymousViewerKey(await deps.daySalt(dayOf(now)), viewer.sourceIp, viewer.userAgent ?? '');
  await deps.events.publish([
    {
      id: `view:${deps.newId()}`,
      type: 'listing.viewed',
      occurredAt: now.toISOString(),
      data: { listingId, sellerId, viewerKey },
    },
  ]);
  return {};
}
