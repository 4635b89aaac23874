/**
 * How a user's rating reads wherever it is shown (store header, the seller portal's card, the item page's seller panel,
 * the purchase page): the average with one decimal, and the review count singular or plural.
 */

/** '4.7', or null for 'No ratings yet'. */
export function ratingText(rating: number | null): string | null {
  return rating === null ? null : rating.toFixed(1);
}

export function reviewCountText(count: number): string {
  return count === 1 ? '1 review' : `${count} reviews`;
}

/** '★ 4.7 (12 reviews)', or 'No ratings yet'. */
export function ratingSummary(rating: number | null, count: number): string {
  const text = ratingText(rating);
  return text === null ? 'No ratings yet' : `★ ${text} (${reviewCountText(count)})`;
}
