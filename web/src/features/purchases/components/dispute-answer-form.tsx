import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/api/orders';
import { DISPUTE_DESCRIPTION_MAX } from '../../../../../shared/domain/disputes';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { respondToDispute, sendErrors, uploadDisputePhotos } from '../../../domains/disputes/api';
import { IssuePhotosField } from './issue-photos-field';

/** The seller's answer to an open issue (decision 053): a message and up to four photos the buyer and we read. */
export function DisputeAnswerForm({
  order: o,
  token,
  onAnswered,
}: {
  order: Order;
  token: string;
  onAnswered(): void;
}) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ message?: string; photoKeys?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) return setErrors({ message: 'Please write your answer.' });
    setBusy(true);
    try {
      const photoKeys = await uploadDisputePhotos(token, photos);
      await respondToDispute(token, o.id, { message, photoKeys });
      toast.success('Answer Sent', { description: `${o.buyer.username} can read it on their purchase.` });
      setMessage('');
      setPhotos([]);
      setErrors({});
      onAnswered();
    } catch (error) {
      setErrors(sendErrors(error, 'Failed to send your answer. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="dispute-answer" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
      <CountedTextarea
        id={`${id}-message`}
        label="Your answer"
        max={DISPUTE_DESCRIPTION_MAX}
        value={message}
        disabled={busy}
        onChange={(text) => {
          setMessage(text);
          setErrors((e) => ({ ...e, message: undefined }));
        }}
        error={errors.message}
      />
      <IssuePhotosField
        id={`${id}-photos`}
        files={photos}
        disabled={busy}
        error={errors.photoKeys}
        onChange={setPhotos}
      />
      {errors.form && (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      )}
      <button type="submit" className="btn btn-outline" disabled={busy}>
        {busy ? 'Sending...' : 'Send Answer'}
      </button>
    </form>
  );
}
