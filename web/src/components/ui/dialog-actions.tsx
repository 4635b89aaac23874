import type { ReactNode } from 'react';
import { DialogClose } from './dialog';

/** A dialog's footer: 'Cancel' (closes it; disabled while the dialog's action runs) and the dialog's own action. */
export function DialogActions({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  return (
    <div className="dialog-actions">
      <DialogClose asChild>
        <button type="button" className="btn btn-outline" disabled={busy}>
          Cancel
        </button>
      </DialogClose>
      {children}
    </div>
  );
}
