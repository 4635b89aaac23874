import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/api/orders';
import {
  RETURN_DESCRIPTION_MAX,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
} from '../../../../../shared/domain/returns';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { SelectField } from '../../../components/ui/select-field';
import { sendErrors } from '../../../domains/disputes/api';
import { requestReturn } from '../../../domains/returns/api';

const REASON_OPTIONS = RETURN_REASONS.map((r) => [r, RETURN_REASON_LABELS[r]] as const);
const isReason = (value: string): value is ReturnReason => (RETURN_REASONS as readonly string[]).includes(value);

/**
 * Request Return (decision 054): a reason and a description. The server's refusal (out of the window, one already
 * asked) and its field errors show in the dialog; the order it answers goes to `onRequested`.
 */
export function RequestReturnDialog({
  order: o,
  token,
  caseText,
  trigger,
  open,
  onOpenChange,
  onRequested,
  returnFocus,
}: {
  order: Order;
  token: string;
  /** Which case applies (before or after release), as the panel says it. */
  caseText: string;
  trigger: ReactNode;
  open: boolean;
  onOpenChange(open: boolean): void;
  onRequested(order: Order): void;
  returnFocus(): HTMLElement | null;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; description?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      reason: isReason(reason) ? undefined : 'Please choose a reason.',
      description: description.trim() ? undefined : 'Please describe why you are returning it.',
    };
    setErrors(found);
    if (found.reason || found.description || !isReason(reason)) return;
    setBusy(true);
    try {
      const order = await requestReturn(token, o.id, { reason, description });
      toast.success('Return Requested', { description: `${o.seller.username} is asked to answer within 48 hours.` });
      onRequested(order);
    } catch (error) {
      setErrors(sendErrors(error, 'Failed to request the return. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      trigger={trigger}
      returnFocus={returnFocus}
      title="Request Return"
      description={caseText}
    >
      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <SelectField
          id={`${id}-reason`}
          label="Reason"
          required
          placeholder="Choose a reason"
          options={REASON_OPTIONS}
          value={reason}
          error={errors.reason}
          onChange={(value) => {
            setReason(value);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
        />
        <CountedTextarea
          id={`${id}-description`}
          label="Description"
          max={RETURN_DESCRIPTION_MAX}
          rows={5}
          value={description}
          disabled={busy}
          error={errors.description}
          onChange={(text) => {
            setDescription(text);
            setErrors((e) => ({ ...e, description: undefined }));
          }}
        />
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <DialogActions busy={busy}>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Requesting...' : 'Request Return'}
          </button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
