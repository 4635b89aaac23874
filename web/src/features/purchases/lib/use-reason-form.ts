import { useId, useState, type FormEvent } from 'react';
import { sendErrors } from '../../../domains/disputes/api';

/** A reason-and-description form's errors: per field (the server's too) and the form's own. */
export type ReasonFormErrors = Partial<Record<string, string>>;

/**
 * A reason and a description asked for in a purchase's dialog (Report Issue, Request Return): both are checked before
 * `send` (`descriptionMissing` says an empty description), and a failure shows the server's field errors and its
 * message (or `failed`) in the form. A field's error goes once it is changed.
 */
export function useReasonForm<R extends string>({
  descriptionMissing,
  failed,
  send,
}: {
  descriptionMissing: string;
  failed: string;
  send(reason: R, description: string): Promise<void>;
}) {
  const id = useId();
  const [reason, setReason] = useState<R | null>(null);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<ReasonFormErrors>({});
  const [busy, setBusy] = useState(false);
  const clearError = (field: string) => setErrors((e) => ({ ...e, [field]: undefined }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      reason: reason ? undefined : 'Please choose a reason.',
      description: description.trim() ? undefined : descriptionMissing,
    };
    setErrors(found);
    if (found.reason || found.description || !reason) return;
    setBusy(true);
    try {
      await send(reason, description);
    } catch (error) {
      setErrors(sendErrors(error, failed));
    } finally {
      setBusy(false);
    }
  };

  return {
    id,
    reason,
    description,
    errors,
    busy,
    submit,
    clearError,
    setReason(next: R | null) {
      setReason(next);
      clearError('reason');
    },
    setDescription(text: string) {
      setDescription(text);
      clearError('description');
    },
  };
}

export type ReasonForm<R extends string> = ReturnType<typeof useReasonForm<R>>;
