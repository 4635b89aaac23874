import './support/setup';
import * as Dialog from '@radix-ui/react-dialog';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DialogActions } from '../../web/src/components/ui/dialog-actions';

function Shown({ busy }: { busy?: boolean }) {
  return (
    <Dialog.Root defaultOpen>
      <Dialog.Portal>
        <Dialog.Content aria-describedby={undefined}>
          <Dialog.Title>Sure?</Dialog.Title>
          <DialogActions busy={busy}>
            <button type="button">Do It</button>
          </DialogActions>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

describe('DialogActions', () => {
  it("shows 'Cancel' before the dialog's own action, and Cancel closes the dialog", () => {
    render(<Shown />);
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Cancel', 'Do It']);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Cancel disabled while the action runs', () => {
    render(<Shown busy />);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
