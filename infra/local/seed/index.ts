import { db } from '../../../functions/adapters/db/service';
import { rebuildListingIndexes } from '../../../functions/adapters/db/search-postings';
import { backfillListingWatchers } from '../../../functions/adapters/db/wishlist-store';
import { buildListings } from './build-listings';
import { AVATAR, BANNER, avatarSvg, bannerSvg, listingSvg } from './svg';
import { avatarKey, bannerKey, buildSellers } from './build-sellers';
import { mapLimit, renderImage, renderPhoto } from './images';
import { buildReviews } from './build-reviews';
import { putImage, recountRatings, removeStaleListings, writeAccounts, writeListings, writeReviews } from './write';

/** Images rendered and uploaded at once: sharp works on libuv's threads, so a few in flight keep both cores busy. */
const IMAGE_CONCURRENCY = 4;

/**
 * Seeds the demo marketplace: ten sellers with profiles, avatars, store banners and reviews from demo buyers, and about 75 active listings across
 * all 15 categories with real WebP photos in the media bucket. Deterministic for a given `now` and idempotent: a second
 * run overwrites the same items and removes listings an earlier run (at another time) made for the demo sellers.
 */
export async function seedDemoData(options: { now?: Date } = {}): Promise<{ sellers: number; listings: number }> {
  const now = options.now ?? new Date();
  const sellers = buildSellers(now);
  const listings = buildListings(now, sellers);
  const { reviewers, reviews } = buildReviews(now, sellers);
  const service = db();

  const profileImages = sellers.flatMap((s) => [
    { key: avatarKey(s.user.userId), render: () => renderImage(avatarSvg(s.seed), AVATAR) },
    { key: bannerKey(s.user.userId), render: () => renderImage(bannerSvg(s.seed), BANNER) },
  ]);
  const photos = listings.flatMap((l) => l.images);

  const uploads = async () => {
    await mapLimit(photos, IMAGE_CONCURRENCY, async (spec) => {
      const { full, thumb } = await renderPhoto(listingSvg(spec));
      await Promise.all([putImage(spec.key, full), putImage(spec.thumbKey, thumb)]);
    });
    await mapLimit(profileImages, IMAGE_CONCURRENCY, async (image) => putImage(image.key, await image.render()));
  };
  const records = async () => {
    await removeStaleListings(service, sellers, new Set(listings.map((l) => l.item.listingId)));
    await writeAccounts(service, [...sellers, ...reviewers]);
    await writeReviews(service, reviews);
    await recountRatings(
      service,
      sellers.map((s) => s.user.userId),
    );
    await writeListings(service, listings);
  };
  // Table writes wait on DynamoDB Local while images keep the CPU busy, so the two run side by side.
  await Promise.all([uploads(), records()]);
  return { sellers: sellers.length, listings: listings.length };
}

/**
 * Rebuilds index keys and search postings of the active listings, and writes the reverse entry of wishlist items saved
 * before those existed (see DATA_VERSION in infra/local/stack.ts).
 */
export async function reindexSearch(): Promise<number> {
  const listings = await rebuildListingIndexes(db());
  await backfillListingWatchers(db());
  return listings;
}
