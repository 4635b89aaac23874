import type { InputHTMLAttributes, ReactNode } from 'react';
import { errorProps, FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';

export { errorProps, FormField, SelectField };

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
