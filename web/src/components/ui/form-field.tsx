import type { ReactNode } from 'react';

/** A label, a control, an optional hint and its error (shared by every form). */
export function FormField({
  id,
  label,
  required = false,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label className="field-label" htmlFor={id}>
        {label}
        {required && (
          <span className="required-mark" aria-hidden>
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {/* Live, so a hint that appears later (the ZIP lookup's) is read out. */}
      <p id={`${id}-hint`} className="field-hint" aria-live="polite" hidden={!hint}>
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** Props that tie a control to its FormField error and hint. */
export function errorProps(id: string, error: string | undefined, required = false, hint?: ReactNode) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required || undefined,
  };
}
