import {
  networkSettingsProblems,
  networkSettingsSchema,
  type NetworkSettings,
} from '../../../../../../shared/api/admin-network';

/** The form's values as typed: numbers stay text until Save, endpoints one per line. */
export interface NetworkForm {
  rpcUrls: string;
  enableBackupNodes: boolean;
  connectionTimeoutSeconds: string;
  maxRetries: string;
  escrowWindowHours: string;
}

export type FieldErrors = Partial<Record<keyof NetworkForm, string>>;

export const formOf = (s: NetworkSettings): NetworkForm => ({
  rpcUrls: s.rpcUrls.join('\n'),
  enableBackupNodes: s.enableBackupNodes,
  connectionTimeoutSeconds: String(s.connectionTimeoutSeconds),
  maxRetries: String(s.maxRetries),
  escrowWindowHours: String(s.escrowWindowHours),
});

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The same checks as the server (the shared schema, then the rules beside it), each error on its field. */
export function validateNetworkForm(
  form: NetworkForm,
): { ok: true; body: NetworkSettings } | { ok: false; errors: FieldErrors } {
  const parsed = networkSettingsSchema.safeParse({
    rpcUrls: form.rpcUrls
      .split('\n')
      .map((u) => u.trim())
      .filter(Boolean),
    enableBackupNodes: form.enableBackupNodes,
    connectionTimeoutSeconds: numberOf(form.connectionTimeoutSeconds),
    maxRetries: numberOf(form.maxRetries),
    escrowWindowHours: numberOf(form.escrowWindowHours),
  });
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof NetworkForm;
    errors[field] ??= issue.message;
  }
  if (parsed.success) Object.assign(errors, networkSettingsProblems(parsed.data));
  return parsed.success && Object.keys(errors).length === 0 ? { ok: true, body: parsed.data } : { ok: false, errors };
}

/** A server's field errors ('rpcUrls.0' and the like) on the form's fields. */
export function formErrorsOf(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields)) errors[path.split('.')[0] as keyof NetworkForm] ??= message;
  return errors;
}
