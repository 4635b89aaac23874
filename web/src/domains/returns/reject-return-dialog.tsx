import { useId, useState, type FormEvent } from 'react';
import type { ReturnRequest } from '../../../../shared/api/returns';
import { RETURN_NOTE_MAX } from '../../../../shared/domain/returns';
import { CountedTextarea } from '../../components/ui/counted-textarea';
import { Dialog } from '../../components/ui/dialog';
import { DialogFormFooter } from '../../components/ui/dialog-form-footer';

/** Reject a pending return, with a note the buyer reads (optional). The note field has the focus on opening. */
export function RejectReturnDialog({
  item,
  busy,
  onReject,
  onClose,
  returnFocus,
}: {
  /** The return being rejected; null: closed. */
  item: ReturnRequest | null;
  busy: boolean;
  onReject(note: string): void;
  onClose(): void;
  returnFocus(): HTMLElement | null;
}) {
  const id = useId();
  // The note belongs to one return: another one opens with an empty note.
  const [draft, setDraft] = useState({ orderId: '', text: '' });
  const note = item && draft.orderId === item.orderId ? draft.text : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onReject(note);
  };
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose();
      }}
      returnFocus={returnFocus}
      title="Reject Return"
      description={
        item ? `${item.buyerUsername} asked to return ${item.listingTitle}. They read your note.` : undefined
      }
    >
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <CountedTextarea
          id={`${id}-note`}
          label="Note to the buyer (optional)"
          required={false}
          max={RETURN_NOTE_MAX}
          value={note}
          disabled={busy}
          onChange={(text) => item && setDraft({ orderId: item.orderId, text })}
        />
        <DialogFormFooter busy={busy} label="Reject Return" busyLabel="Rejecting..." danger />
      </form>
    </Dialog>
  );
}
