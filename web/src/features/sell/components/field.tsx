import type { InputHTMLAttributes, ReactNode } from 'react';
import { errorProps, FormField } from '../../../components/ui/form-field';

export { errorProps, FormField };

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
