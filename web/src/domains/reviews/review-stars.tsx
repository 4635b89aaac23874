import '../../styles/reviews.css';

/** A review's whole stars, read out as 'N out of 5 stars'. */
export function ReviewStars({ rating }: { rating: number }) {
  return (
    <span className="review-stars" role="img" aria-label={`${rating} out of 5 stars`}>
      {'★'.repeat(rating)}
      <span className="review-stars-off">{'★'.repeat(5 - rating)}</span>
    </span>
  );
}
