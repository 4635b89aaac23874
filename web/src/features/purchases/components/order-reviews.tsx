import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Order } from '../../../../../shared/api/orders';
import { REVIEW_WINDOW_DAYS, type Review } from '../../../../../shared/domain/reviews';
import { ReviewReply } from '../../../domains/reviews/review-reply';
import { ReviewStars } from '../../../domains/reviews/review-stars';
import { LeaveReviewDialog } from './leave-review-dialog';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function ReviewCard({ heading, review, repliedBy }: { heading: string; review: Review; repliedBy: string }) {
  return (
    <div className="order-review">
      <p className="order-review-head">
        <strong>{heading}</strong> <ReviewStars rating={review.rating} />{' '}
        <time dateTime={review.createdAt}>{day.format(new Date(review.createdAt))}</time>
      </p>
      <p className="order-review-comment">{review.comment}</p>
      {review.reply && <ReviewReply reply={review.reply} by={repliedBy} />}
    </div>
  );
}

/** Why there is no Leave Review button, when the viewer has not reviewed the order. */
function notYet(o: Order): string {
  return o.status === 'completed'
    ? `Reviews can be left within ${REVIEW_WINDOW_DAYS} days of the order's completion.`
    : 'You can leave a review once the order is completed.';
}

/**
 * The order's reviews on its page (decision 050): Leave Review while the viewer may review, then their review (with
 * the other party's reply); the other party's review of them, which they answer on their store's Reviews tab.
 */
export function OrderReviews({
  order: o,
  token,
  onChanged,
}: {
  order: Order;
  token: string;
  onChanged(reviews: NonNullable<Order['reviews']> | null): void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const r = o.reviews;
  if (!r) return null;
  const [me, other] =
    o.role === 'buyer' ? [o.buyer.username, o.seller.username] : [o.seller.username, o.buyer.username];
  return (
    <section className="panel" aria-labelledby="reviews-heading">
      <h2 id="reviews-heading" className="section-heading">
        Reviews
      </h2>
      {r.mine ? (
        <ReviewCard heading={`Your review of ${other}`} review={r.mine} repliedBy={other} />
      ) : r.canReview ? (
        <button ref={button} type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
          Leave Review
        </button>
      ) : (
        <p className="purchase-note">{notYet(o)}</p>
      )}
      {r.theirs && (
        <>
          <ReviewCard heading={`${other}'s review of you`} review={r.theirs} repliedBy={me} />
          {!r.theirs.reply && (
            <p className="purchase-note">
              You can reply on <Link to={`/user/${encodeURIComponent(me)}?tab=reviews`}>your store&apos;s Reviews</Link>
              .
            </p>
          )}
        </>
      )}
      {r.canReview && (
        <LeaveReviewDialog
          order={o}
          token={token}
          open={open}
          onOpenChange={setOpen}
          onReviewed={(review) => {
            setOpen(false);
            onChanged({ ...r, canReview: false, mine: review });
          }}
          onRefused={() => onChanged(null)}
        />
      )}
    </section>
  );
}
