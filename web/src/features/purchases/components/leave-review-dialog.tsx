import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/api/orders';
import { REVIEW_TEXTS, reviewText, reviewTextProblem, type Review } from '../../../../../shared/domain/reviews';
import { Dialog } from '../../../components/ui/dialog';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import { createReview } from '../../../domains/reviews/api';
import { ReviewTextField } from '../../../domains/reviews/review-text-field';
import { StarRatingInput } from '../../../domains/reviews/star-rating-input';
import { ApiError } from '../../../lib/api';

/**
 * Leave Review (decision 050): 1 to 5 stars and a comment of the other party of the order. The rules are checked here
 * with the server's words first; a refusal the server still gives (reviewed already, the window closed) shows in the
 * dialog, and the order is read again so the page shows why.
 */
export function LeaveReviewDialog({
  order: o,
  token,
  open,
  onOpenChange,
  onReviewed,
  onRefused,
}: {
  order: Order;
  token: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onReviewed(review: Review): void;
  onRefused(): void;
}) {
  const id = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const other = o.role === 'buyer' ? o.seller.username : o.buyer.username;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      rating: rating === 0 ? REVIEW_TEXTS.ratingRange : undefined,
      comment: reviewTextProblem(comment) ?? undefined,
    };
    setErrors(found);
    if (found.rating || found.comment) return;
    setBusy(true);
    try {
      const review = await createReview(token, o.id, { rating, comment: reviewText(comment) });
      toast.success('Review Submitted', { description: `Your review of ${other} is on their store page.` });
      onReviewed(review);
    } catch (error) {
      const refused = error instanceof ApiError && error.status === 409;
      setErrors({
        ...(error instanceof ApiError && error.fields),
        form: error instanceof ApiError ? error.message : 'Failed to submit your review. Please try again.',
      });
      if (refused) onRefused();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Leave Review"
      description={`How was ${o.role === 'buyer' ? 'buying from' : 'selling to'} ${other}? Your review shows on their store page.`}
    >
      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <StarRatingInput
          name={`${id}-rating`}
          value={rating}
          onChange={(n) => {
            setRating(n);
            setErrors((e) => ({ ...e, rating: undefined }));
          }}
          error={errors.rating}
        />
        <ReviewTextField
          id={`${id}-comment`}
          label="Comment"
          value={comment}
          disabled={busy}
          onChange={(text) => {
            setComment(text);
            setErrors((e) => ({ ...e, comment: undefined }));
          }}
          error={errors.comment}
        />
        <DialogFormFooter busy={busy} label="Submit Review" busyLabel="Submitting..." error={errors.form} />
      </form>
    </Dialog>
  );
}
