import { DialogActions } from './dialog-actions';

/**
 * The end of a dialog's form: the form's error (announced), then Cancel and the submit button, which reads `busyLabel`
 * while the dialog's action runs (both disabled then). `danger`: the action destroys or refuses something.
 */
export function DialogFormFooter({
  busy,
  label,
  busyLabel,
  error,
  danger = false,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  error?: string;
  danger?: boolean;
}) {
  return (
    <>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <DialogActions busy={busy}>
        <button type="submit" className={danger ? 'btn btn-danger' : 'btn btn-primary'} disabled={busy}>
          {busy ? busyLabel : label}
        </button>
      </DialogActions>
    </>
  );
}
