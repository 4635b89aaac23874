import '../../styles/store.css';
import type { ReactNode } from 'react';
import type { Store } from '../../../../shared/api/stores';
import { UserAvatar } from '../profile/user-avatar';
import { ratingText, reviewCountText } from './rating';
import { followerCountText } from './follow';
import { StoreContact } from './store-contact';

const joined = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/**
 * Banner, avatar, names, rating, badge, bio, description, join date and area (spec part 3 "Store page"): the store page,
 * and the seller portal's Preview tab and live preview. `as` 'div' where the header is not the page's own (the title
 * then is not its h1).
 */
export function StoreHeader({
  store,
  actions,
  as: Box = 'header',
  titleLevel = 1,
}: {
  store: Store;
  actions?: ReactNode;
  as?: 'header' | 'div';
  titleLevel?: 1 | 2 | 3;
}) {
  const Title = `h${titleLevel}` as const;
  return (
    <Box className="store-header">
      <div className="store-banner">
        {store.bannerUrl && <img src={store.bannerUrl} alt="" width={1600} height={400} fetchPriority="high" />}
      </div>
      <div className="store-identity">
        <UserAvatar username={store.username} avatarUrl={store.avatarUrl} size={96} />
        <div className="store-names">
          <Title className="store-title">{store.storeName || `@${store.username}`}</Title>
          {store.storeName && <p className="store-handle">@{store.username}</p>}
          <p className="store-meta">
            {store.rating === null ? (
              <span>No ratings yet</span>
            ) : (
              <span>
                <span aria-hidden>★ </span>
                <span className="sr-only">Rating: </span>
                {ratingText(store.rating)}
                <span className="sr-only"> out of 5</span> ({reviewCountText(store.reviewCount)})
              </span>
            )}
            <span className="store-followers" aria-live="polite">
              {followerCountText(store.followerCount)}
            </span>
            {store.verified && <span className="badge badge-accent">Verified Seller</span>}
            {store.unresolvedReturn && <span className="badge badge-danger">Unresolved return</span>}
          </p>
        </div>
        {actions && <div className="store-actions">{actions}</div>}
      </div>
      {store.bio && <p className="store-bio">{store.bio}</p>}
      {store.storeDescription && <p className="store-description">{store.storeDescription}</p>}
      <p className="store-facts">
        <span>Joined {joined.format(new Date(store.joinedAt))}</span>
        {store.location && <span>{store.location}</span>}
        <StoreContact contact={store.contact} />
      </p>
    </Box>
  );
}
