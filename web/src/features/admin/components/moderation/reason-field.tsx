import { MODERATION_REASON_MAX } from '../../../../../../shared/api/admin-moderation';
import { FormField, errorProps } from '../../../../components/ui/form-field';

/** The reason every moderation action needs (the audit log keeps it). */
export function ReasonField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange(v: string): void;
  error?: string;
}) {
  return (
    <FormField id={id} label="Reason" required error={error}>
      <textarea
        {...errorProps(id, error, true)}
        value={value}
        maxLength={MODERATION_REASON_MAX}
        rows={3}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
