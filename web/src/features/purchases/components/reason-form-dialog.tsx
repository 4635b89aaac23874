import type { ReactNode } from 'react';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { Dialog } from '../../../components/ui/dialog';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';
import type { ReasonForm } from '../lib/use-reason-form';

/**
 * A purchase's dialog that asks for a reason and a description (useReasonForm): the reason's own field, the
 * description of at most `descriptionMax` characters, anything after it (`children`), the form's error and the footer.
 * It stays open while the form is sent.
 */
export function ReasonFormDialog<R extends string>({
  form,
  title,
  description,
  trigger,
  returnFocus,
  open,
  onOpenChange,
  reasonField,
  descriptionMax,
  submitLabel,
  busyLabel,
  children,
}: {
  form: ReasonForm<R>;
  title: string;
  description: string;
  trigger?: ReactNode;
  returnFocus?(): HTMLElement | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  reasonField: ReactNode;
  descriptionMax: number;
  submitLabel: string;
  busyLabel: string;
  children?: ReactNode;
}) {
  const { id, busy, errors } = form;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      trigger={trigger}
      returnFocus={returnFocus}
      title={title}
      description={description}
    >
      <form noValidate onSubmit={(e) => void form.submit(e)} aria-busy={busy}>
        {reasonField}
        <CountedTextarea
          id={`${id}-description`}
          label="Description"
          max={descriptionMax}
          rows={5}
          value={form.description}
          disabled={busy}
          error={errors.description}
          onChange={form.setDescription}
        />
        {children}
        <DialogFormFooter busy={busy} label={submitLabel} busyLabel={busyLabel} error={errors.form} />
      </form>
    </Dialog>
  );
}
