import { sellerSettingsSchema } from '../../../../shared/api/seller-settings';
import type { SellerSettings } from '../../../../shared/domain/seller-settings';

/** Field errors keyed like the server's (`business.taxId`, ...): the first message per field. */
export type FieldErrors = Record<string, string>;

/** The ids of the business fields, by the server's error keys (focus goes to the first field with an error). */
export const FIELD_IDS: Record<string, string> = {
  'business.businessType': 'seller-business-type',
  'business.businessName': 'seller-business-name',
  'business.taxId': 'seller-tax-id',
};

/** The form checked with the contract's own schema, so the tab shows the server's rules and words before sending. */
export function validateSettings(
  form: SellerSettings,
): { ok: true; body: SellerSettings } | { ok: false; errors: FieldErrors } {
  const parsed = sellerSettingsSchema.safeParse(form);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}

/** Focuses the first field with an error, in page order (FIELD_IDS is in page order). */
export function focusFirstError(errors: FieldErrors) {
  const key = Object.keys(FIELD_IDS).find((k) => k in errors);
  if (key) document.getElementById(FIELD_IDS[key]!)?.focus();
}
