import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { REVIEW_TEXTS, reviewText, reviewTextProblem, type Review } from '../../../../../shared/domain/reviews';
import { replyToReview } from '../../../domains/reviews/api';
import { ReviewTextField } from '../../../domains/reviews/review-text-field';
import { ApiError } from '../../../lib/api';

/**
 * The store owner's one reply to a review of them (decision 050): Reply opens the box under the review; Post Reply
 * sends it and the review shows it. A refusal (replied already elsewhere) shows here and the reviews are read again.
 */
export function ReviewReplyForm({
  review,
  token,
  onReplied,
  onRefused,
}: {
  review: Pick<Review, 'id'>;
  token: string;
  onReplied(reply: NonNullable<Review['reply']>): void;
  onRefused(): void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  if (!open) {
    return (
      <button type="button" className="btn btn-outline btn-sm review-reply-open" onClick={() => setOpen(true)}>
        Reply
      </button>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = reviewTextProblem(text, REVIEW_TEXTS.replyEmpty);
    setError(problem ?? undefined);
    if (problem) return;
    setBusy(true);
    try {
      const answered = await replyToReview(token, review.id, reviewText(text));
      toast.success('Reply Posted');
      onReplied(answered.reply!);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Failed to post your reply. Please try again.');
      if (e instanceof ApiError && e.status === 409) onRefused();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="review-reply-form" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <ReviewTextField
        id={id}
        label="Your reply"
        value={text}
        disabled={busy}
        onChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        error={error}
      />
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Posting...' : 'Post Reply'}
        </button>
      </div>
    </form>
  );
}
