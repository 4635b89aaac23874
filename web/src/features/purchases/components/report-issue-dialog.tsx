import { useState } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/api/orders';
import {
  DISPUTE_DESCRIPTION_MAX,
  DISPUTE_REASON_LABELS,
  DISPUTE_REASONS,
  type DisputeReason,
} from '../../../../../shared/domain/disputes';
import { openDispute, uploadDisputePhotos } from '../../../domains/disputes/api';
import { useReasonForm } from '../lib/use-reason-form';
import { IssuePhotosField } from './issue-photos-field';
import { ReasonFormDialog } from './reason-form-dialog';

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
  const [photos, setPhotos] = useState<File[]>([]);
  const form = useReasonForm<DisputeReason>({
    descriptionMissing: 'Please describe the issue.',
    failed: 'Failed to report the issue. Please try again.',
    send: async (reason, description) => {
      const photoKeys = await uploadDisputePhotos(token, photos);
      const order = await openDispute(token, o.id, { reason, description, photoKeys });
      toast.success('Issue Reported', { description: `The payment stays in escrow until the issue is resolved.` });
      onReported(order);
    },
  });
  const { id, errors } = form;

  return (
    <ReasonFormDialog
      form={form}
      title="Report Issue"
      description={`Tell ${o.seller.username} and us what is wrong. The payment is not released while the issue is open.`}
      open={open}
      onOpenChange={onOpenChange}
      reasonField={
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
                checked={form.reason === r}
                onChange={() => form.setReason(r)}
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
      }
      descriptionMax={DISPUTE_DESCRIPTION_MAX}
      submitLabel="Report Issue"
      busyLabel="Reporting..."
    >
      <IssuePhotosField
        id={`${id}-photos`}
        files={photos}
        disabled={form.busy}
        error={errors.photoKeys}
        onChange={(files) => {
          setPhotos(files);
          form.clearError('photoKeys');
        }}
      />
    </ReasonFormDialog>
  );
}
