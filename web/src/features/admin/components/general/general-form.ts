import { platformSettingsChangeSchema } from '../../../../../../shared/api/admin-settings';
import {
  basisPointsOfPercent,
  feeStepProblem,
  percentText,
  SETTINGS_TEXTS,
  type PlatformSettings,
  type SettingKey,
} from '../../../../../../shared/domain/admin-settings';

/** The form as typed: numbers stay text until saved, so a half-typed value is the user's, not a coerced one. */
export interface GeneralForm {
  maintenanceMode: boolean;
  maxListingImages: string;
  announcementMessage: string;
  requireKyc: boolean;
  platformFeePercent: string;
  upcService: PlatformSettings['upcService'];
  upcRateLimitPerMinute: string;
  upcCacheHours: string;
  upcFallback: boolean;
}
export type FieldErrors = Partial<Record<SettingKey, string>>;

export function formOf(s: PlatformSettings): GeneralForm {
  return {
    ...s,
    maxListingImages: String(s.maxListingImages),
    platformFeePercent: percentText(s.platformFeeBasisPoints),
    upcRateLimitPerMinute: String(s.upcRateLimitPerMinute),
    upcCacheHours: String(s.upcCacheHours),
  };
}

const wholeOrNaN = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The settings that differ from `saved`, checked by the server's own schema (so both refuse with the same words), or
 * the errors per setting.
 */
export function changesOf(
  form: GeneralForm,
  saved: PlatformSettings,
): { ok: true; body: Partial<PlatformSettings> } | { ok: false; errors: FieldErrors } {
  const { platformFeePercent, ...rest } = form;
  const next: PlatformSettings = {
    ...rest,
    maxListingImages: wholeOrNaN(form.maxListingImages),
    upcRateLimitPerMinute: wholeOrNaN(form.upcRateLimitPerMinute),
    upcCacheHours: wholeOrNaN(form.upcCacheHours),
    platformFeeBasisPoints: basisPointsOfPercent(platformFeePercent) ?? Number.NaN,
  };
  const changed = Object.fromEntries(
    (Object.keys(next) as SettingKey[]).filter((k) => next[k] !== saved[k]).map((k) => [k, next[k]]),
  );
  const parsed = platformSettingsChangeSchema.safeParse(changed);
  const step = feeStepProblem(parsed.data?.platformFeeBasisPoints);
  if (parsed.success && !step) return { ok: true, body: parsed.data };
  const errors: FieldErrors = step ? { platformFeeBasisPoints: step } : {};
  for (const issue of parsed.error?.issues ?? []) {
    const key = issue.path[0] as SettingKey;
    errors[key] ??= key === 'platformFeeBasisPoints' ? SETTINGS_TEXTS.fee : issue.message;
  }
  return { ok: false, errors };
}
