import type { Profile } from '../../../../../shared/api/profile';
import { storeSettingsSchema, type Store, type StoreSettings } from '../../../../../shared/api/stores';
import type { StoreThemeId } from '../../../../../shared/domain/store-themes';

/** The Customize tab's texts and theme as typed (images are saved on their own when chosen). */
export interface CustomizeForm {
  fullName: string;
  storeName: string;
  storeDescription: string;
  bio: string;
  theme: StoreThemeId;
}

export type CustomizeErrors = Partial<Record<keyof CustomizeForm, string>>;

export function customizeFormOf(store: Store, profile: Profile): CustomizeForm {
  return {
    fullName: profile.fullName,
    storeName: store.storeName ?? '',
    storeDescription: store.storeDescription ?? '',
    bio: store.bio ?? '',
    theme: store.theme,
  };
}

/** Checked with the server's own schema, so the messages are the ones it would answer. */
export function validateCustomizeForm(
  form: CustomizeForm,
): { ok: true; body: StoreSettings } | { ok: false; errors: CustomizeErrors } {
  const parsed = storeSettingsSchema.safeParse(form);
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: CustomizeErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof CustomizeForm;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The store as it will look once saved: the live preview's header. */
export function previewOf(store: Store, form: CustomizeForm): Store {
  const text = (value: string) => value.trim() || null;
  return {
    ...store,
    storeName: text(form.storeName),
    storeDescription: text(form.storeDescription),
    bio: text(form.bio),
    theme: form.theme,
  };
}
