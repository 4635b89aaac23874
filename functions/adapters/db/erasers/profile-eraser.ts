import type { Eraser } from '../../../core/account-state/ports';
import { avatarPrefix } from '../../../core/profile/profile';
import { STORE_BANNERS } from '../../../core/stores/store-settings';
import type { Db } from '../service';

/**
 * The profile's personal fields (decision 059): name, email, phone, addresses, bio, store texts, theme, avatar and
 * banner (their images deleted from the media bucket, when this app stored them). The profile item is written anew
 * with only its rating and sales totals, which the reviews and orders kept are counted in, so any field added later
 * goes too.
 */
export function profileEraser(db: Db, removeMedia: (keys: string[]) => Promise<void>): Eraser {
  const { profile } = db.entities;
  return {
    name: 'profile',
    async step(userId, _cursor, at) {
      const { data: p } = await profile.get({ userId }).go();
      if (!p) return { done: true };
      const images = [p.avatarKey, p.storeBannerKey].filter(
        (k): k is string => !!k && (k.startsWith(avatarPrefix(userId)) || k.startsWith(STORE_BANNERS)),
      );
      if (images.length > 0) await removeMedia(images);
      await profile
        .put({
          userId,
          ratingSum: p.ratingSum ?? 0,
          ratingCount: p.ratingCount ?? 0,
          salesCount: p.salesCount ?? 0,
          createdAt: p.createdAt,
          updatedAt: at.toISOString(),
        })
        .go();
      return { done: true };
    },
  };
}
