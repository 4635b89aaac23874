import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { Order } from '../../../../../shared/api/orders';
import {
  RETURN_DESCRIPTION_MAX,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type ReturnReason,
} from '../../../../../shared/domain/returns';
import { SelectField } from '../../../components/ui/select-field';
import { requestReturn } from '../../../domains/returns/api';
import { useReasonForm } from '../lib/use-reason-form';
import { ReasonFormDialog } from './reason-form-dialog';

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
  const form = useReasonForm<ReturnReason>({
    descriptionMissing: 'Please describe why you are returning it.',
    failed: 'Failed to request the return. Please try again.',
    send: async (reason, description) => {
      const order = await requestReturn(token, o.id, { reason, description });
      toast.success('Return Requested', { description: `${o.seller.username} is asked to answer within 48 hours.` });
      onRequested(order);
    },
  });

  return (
    <ReasonFormDialog
      form={form}
      title="Request Return"
      description={caseText}
      trigger={trigger}
      returnFocus={returnFocus}
      open={open}
      onOpenChange={onOpenChange}
      reasonField={
        <SelectField
          id={`${form.id}-reason`}
          label="Reason"
          required
          placeholder="Choose a reason"
          options={REASON_OPTIONS}
          value={form.reason ?? ''}
          error={form.errors.reason}
          onChange={(value) => form.setReason(isReason(value) ? value : null)}
        />
      }
      descriptionMax={RETURN_DESCRIPTION_MAX}
      submitLabel="Request Return"
      busyLabel="Requesting..."
    />
  );
}
