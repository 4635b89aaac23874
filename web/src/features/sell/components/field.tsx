import type { InputHTMLAttributes, ReactNode } from 'react';

/** A label, a control, an optional hint and its error (features do not share components, so the wizard has its own). */
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

/** A labelled text-like input bound to one form field. */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  required,
  hint,
  ...input
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  required?: boolean;
  hint?: ReactNode;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange'>) {
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint}>
      <input
        {...input}
        {...errorProps(id, error, required, hint)}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

export function SelectField({
  id,
  label,
  value,
  onChange,
  options,
  error,
  required,
  placeholder,
}: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  options: readonly (readonly [value: string, label: string])[];
  error?: string;
  required?: boolean;
  placeholder?: string;
}) {
  return (
    <FormField id={id} label={label} required={required} error={error}>
      <select
        {...errorProps(id, error, required)}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
    </FormField>
  );
}
