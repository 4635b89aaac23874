import type { FormEvent } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { DialogFormFooter } from '../../../components/ui/dialog-form-footer';

const TEXTS = {
  deactivate: {
    title: 'Deactivate Store',
    description:
      'Your store page will say it is deactivated and your active listings leave browse and search until you ' +
      'reactivate it. You cannot create listings while it is deactivated. Orders you bought or sold must be finished ' +
      'first.',
    label: 'Deactivate',
    busyLabel: 'Deactivating...',
  },
  reactivate: {
    title: 'Reactivate Store',
    description: 'Your store and its paused listings come back into browse and search.',
    label: 'Reactivate',
    busyLabel: 'Reactivating...',
  },
} as const;

export type StoreAction = keyof typeof TEXTS;

/** Asks before deactivating or reactivating the store; the server's refusal (open orders, bids) shows inside. */
export function StoreStatusDialog({
  action,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  /** The action asked about; null: closed. */
  action: StoreAction | null;
  busy: boolean;
  error: string | null;
  onConfirm(): void;
  onClose(): void;
}) {
  const texts = TEXTS[action ?? 'deactivate'];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onConfirm();
  };
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => !open && !busy && onClose()}
      title={texts.title}
      description={texts.description}
    >
      <form noValidate onSubmit={submit} aria-busy={busy}>
        <DialogFormFooter
          busy={busy}
          label={texts.label}
          busyLabel={texts.busyLabel}
          error={error ?? undefined}
          danger={action === 'deactivate'}
        />
      </form>
    </Dialog>
  );
}
