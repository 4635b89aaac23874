import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/api/orders';
import {
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type DisputeReason,
} from '../../../../../shared/domain/disputes';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { openDispute, sendErrors, uploadDisputePhotos } from '../../../domains/disputes/api';
import { IssuePhotosField } from './issue-photos-field';

/**
 * Report Issue (decision 053): a reason and a description. The payment stays in escrow while the issue is open; the
 * server's refusal (the escrow already released, an issue already open) shows in the dialog and the order is read again.
 */
export function ReportIssueDialog({
  order: o,
  token,
  open,
  onOpenChange,
  onReported,
}: {
  order: Order;
  token: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  onReported(order: Order): void;
}) {
  const id = useId();
  const [reason, setReason] = useState<DisputeReason | null>(null);
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [errors, setErrors] = useState<{ reason?: string; description?: string; photoKeys?: string; form?: string }>(
    {},
  );
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      reason: reason ? undefined : 'Please choose a reason.',
      description: description.trim() ? undefined : 'Please describe the issue.',
    };
    setErrors(found);
    if (found.reason || found.description) return;
    setBusy(true);
    try {
      const photoKeys = await uploadDisputePhotos(token, photos);
      const order = await openDispute(token, o.id, { reason: reason!, description, photoKeys });
      toast.success('Issue Reported', { description: `The payment stays in escrow until the issue is resolved.` });
      onReported(order);
    } catch (error) {
      setErrors(sendErrors(error, 'Failed to report the issue. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title="Report Issue"
      description={`Tell ${o.seller.username} and us what is wrong. The payment is not released while the issue is open.`}
    >
      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <fieldset className="form-field" aria-describedby={errors.reason ? `${id}-reason-error` : undefined}>
          <legend className="field-label">
            Reason{' '}
            <span className="required-mark" aria-hidden>
              *
            </span>
          </legend>
          {DISPUTE_REASONS.map((r) => (
            <label key={r} className="radio-option">
              <input
                type="radio"
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => {
                  setReason(r);
                  setErrors((e) => ({ ...e, reason: undefined }));
                }}
              />{' '}
              {DISPUTE_REASON_LABELS[r]}
            </label>
          ))}
          {errors.reason && (
            <p id={`${id}-reason-error`} className="field-error">
              {errors.reason}
            </p>
          )}
        </fieldset>
        <CountedTextarea
          id={`${id}-description`}
          label="Description"
          max={DISPUTE_DESCRIPTION_MAX}
          rows={5}
          value={description}
          disabled={busy}
          onChange={(text) => {
            setDescription(text);
            setErrors((e) => ({ ...e, description: undefined }));
          }}
          error={errors.description}
        />
        <IssuePhotosField
          id={`${id}-photos`}
          files={photos}
          disabled={busy}
          error={errors.photoKeys}
          onChange={(files) => {
            setPhotos(files);
            setErrors((e) => ({ ...e, photoKeys: undefined }));
          }}
        />
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <DialogActions busy={busy}>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Reporting...' : 'Report Issue'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
