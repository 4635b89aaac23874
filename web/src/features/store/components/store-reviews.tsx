import { Link } from 'react-router-dom';
import type { StoreReview } from '../../../../../shared/api/stores';
import { UserAvatar } from '../../../domains/profile/user-avatar';
import { ReviewReply } from '../../../domains/reviews/review-reply';
import { ReviewStars } from '../../../domains/reviews/review-stars';
import { useStoreReviews } from '../../../domains/stores/api';
import { LoadFailed } from '../../../components/ui/load-failed';
import { ReviewReplyForm } from './review-reply-form';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const TRANSACTION_LABELS: Record<StoreReview['transactionType'], string> = { buy: 'Purchase', other: 'Other' };

/** The store owner's session, who may reply to reviews of them; null for everyone else. */
type Owner = { token: string } | null;

function Review({
  review,
  username,
  owner,
  onReplied,
  onRefused,
}: {
  review: StoreReview;
  username: string;
  owner: Owner;
  onReplied(reply: NonNullable<StoreReview['reply']>): void;
  onRefused(): void;
}) {
  return (
    <li className="store-review">
      <UserAvatar username={review.reviewer.username} avatarUrl={review.reviewer.avatarUrl} size={40} />
      <div className="store-review-body">
        <p className="store-review-head">
          <Link to={`/user/${encodeURIComponent(review.reviewer.username)}`}>{review.reviewer.username}</Link>
          <ReviewStars rating={review.rating} />
          <span className="badge">{TRANSACTION_LABELS[review.transactionType]}</span>
          <time dateTime={review.createdAt}>{day.format(new Date(review.createdAt))}</time>
        </p>
        <p className="store-review-comment">{review.comment}</p>
        {review.reply ? (
          <ReviewReply reply={review.reply} by={username} />
        ) : (
          owner && <ReviewReplyForm review={review} token={owner.token} onReplied={onReplied} onRefused={onRefused} />
        )}
      </div>
    </li>
  );
}

/** The Reviews tab: stored reviews newest first with their replies, with Load more; the owner replies to each once. */
export function StoreReviews({ username, owner = null }: { username: string; owner?: Owner }) {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useStoreReviews(username, true);
  const reviews = data?.flatMap((page) => page.items) ?? [];
  const more = !!data?.at(-1)?.cursor;
  const loadingMore = isValidating && size > (data?.length ?? 0);

  if (isLoading && !data) {
    return (
      <div className="status" role="status">
        <div className="spinner" aria-hidden />
        <p>Loading reviews...</p>
      </div>
    );
  }
  if (error && !data) {
    return <LoadFailed title="Failed to load reviews" onRetry={() => void mutate()} />;
  }
  if (reviews.length === 0) {
    return (
      <div className="status">
        <p className="status-title">No reviews yet</p>
        <p>Reviews from buyers appear here after their orders.</p>
      </div>
    );
  }
  return (
    <>
      <ul className="store-reviews" aria-label="Reviews">
        {reviews.map((r) => (
          <Review
            key={r.id}
            review={r}
            username={username}
            owner={owner}
            // The reply shows at once; the pages are not read again for it.
            onReplied={(reply) =>
              void mutate(
                (pages) =>
                  pages?.map((p) => ({ ...p, items: p.items.map((x) => (x.id === r.id ? { ...x, reply } : x)) })),
                { revalidate: false },
              )
            }
            onRefused={() => void mutate()}
          />
        ))}
      </ul>
      {more && (
        <div className="load-more">
          <button
            type="button"
            className="btn btn-outline"
            disabled={loadingMore}
            onClick={() => void setSize(size + 1)}
          >
            {loadingMore ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}
    </>
  );
}
