import { Link } from 'react-router-dom';
import type { StoreReview } from '../../../../../shared/api/stores';
import { UserAvatar } from '../../../domains/profile/user-avatar';
import { useStoreReviews } from '../../../domains/stores/api';
import { LoadFailed } from '../../../components/ui/load-failed';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const TRANSACTION_LABELS: Record<StoreReview['transactionType'], string> = { buy: 'Purchase', other: 'Other' };

function Review({ review }: { review: StoreReview }) {
  return (
    <li className="store-review">
      <UserAvatar username={review.reviewer.username} avatarUrl={review.reviewer.avatarUrl} size={40} />
      <div className="store-review-body">
        <p className="store-review-head">
          <Link to={`/user/${encodeURIComponent(review.reviewer.username)}`}>{review.reviewer.username}</Link>
          <span className="store-review-stars" aria-label={`${review.rating} out of 5 stars`}>
            {'★'.repeat(review.rating)}
            <span className="store-review-stars-off">{'★'.repeat(5 - review.rating)}</span>
          </span>
          <span className="badge">{TRANSACTION_LABELS[review.transactionType]}</span>
          <time dateTime={review.createdAt}>{day.format(new Date(review.createdAt))}</time>
        </p>
        <p className="store-review-comment">{review.comment}</p>
      </div>
    </li>
  );
}

/** The Reviews tab: stored reviews newest first, with Load more. */
export function StoreReviews({ username }: { username: string }) {
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
          <Review key={r.id} review={r} />
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
