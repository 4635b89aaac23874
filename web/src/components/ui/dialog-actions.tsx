import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/** A dialog's footer: 'Cancel' (closes it; disabled while the dialog's action runs) and the dialog's own action. */
export function DialogActions({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <div className="dialog-actions">
      <Dialog.Close asChild>
        <button type="button" className="btn btn-outline" disabled={busy}>
          Cancel
        </button>
      </Dialog.Close>
      {children}
    </div>
  );
}
