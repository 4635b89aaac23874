import '../../styles/reviews.css';
import type { Review } from '../../../../shared/domain/reviews';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The reviewed user's reply, under the review it answers. */
export function ReviewReply({ reply, by }: { reply: NonNullable<Review['reply']>; by: string }) {
  return (
    <div className="review-reply">
      <p className="review-reply-head">
        Reply from {by} · <time dateTime={reply.createdAt}>{day.format(new Date(reply.createdAt))}</time>
      </p>
      <p className="review-reply-text">{reply.comment}</p>
    </div>
  );
}
