import '../../../styles/store-customize.css';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import type { Profile } from '../../../../../shared/api/profile';
import {
  FULL_NAME_MAX,
  STORE_BIO_MAX,
  STORE_DESCRIPTION_MAX,
  STORE_NAME_MAX,
  type Store,
} from '../../../../../shared/api/stores';
import { STORE_THEME_IDS, STORE_THEMES, type StoreThemeId } from '../../../../../shared/domain/store-themes';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { errorProps, FormField } from '../../../components/ui/form-field';
import { LoadFailed } from '../../../components/ui/load-failed';
import { PageLoading } from '../../../components/ui/page-loading';
import { SelectField } from '../../../components/ui/select-field';
import { ApiError } from '../../../lib/api';
import { useSignedInSession } from '../../../lib/session/session-context';
import { keys } from '../../../domains/keys';
import { AvatarUpload } from '../../../domains/profile/avatar-upload';
import { useProfile } from '../../../domains/profile/api';
import { saveStore, useStore } from '../../../domains/stores/api';
import { StoreHeader } from '../../../domains/stores/store-header';
import { StoreThemeArea } from '../../../domains/stores/store-theme';
import {
  customizeFormOf,
  previewOf,
  validateCustomizeForm,
  type CustomizeErrors,
  type CustomizeForm,
} from '../lib/customize-form';
import { BannerUpload } from './banner-upload';

const THEME_OPTIONS = STORE_THEME_IDS.map((id) => [id, STORE_THEMES[id].name] as const);
const SAVE_FAILED = 'Failed to save changes. Please try again.';

/** The Customize tab (spec part 3 seller portal): reads the seller's store and profile, then shows the form. */
export function CustomizeStore({ username }: { username: string }) {
  const store = useStore(username);
  const profile = useProfile();
  if ((store.isLoading && !store.data) || (profile.isLoading && !profile.data)) {
    return <PageLoading text="Loading your store..." />;
  }
  if (!store.data || !profile.data) {
    return (
      <LoadFailed
        title="Failed to load user profile."
        onRetry={() => void Promise.all([store.mutate(), profile.mutate()])}
      />
    );
  }
  return <CustomizeFormView store={store.data} profile={profile.data} />;
}

function CustomizeFormView({ store, profile }: { store: Store; profile: Profile }) {
  const id = useId();
  const { token, user, updateUser } = useSignedInSession();
  const { mutate } = useSWRConfig();
  const [form, setForm] = useState<CustomizeForm>(() => customizeFormOf(store, profile));
  const [errors, setErrors] = useState<CustomizeErrors>({});
  const [saving, setSaving] = useState(false);
  const set = (name: keyof CustomizeForm) => (value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validateCustomizeForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(`${id}-${Object.keys(checked.errors)[0]}`)?.focus();
      return;
    }
    setSaving(true);
    saveStore(token, checked.body)
      .then(async (saved) => {
        const { storeName, storeDescription, bio, bannerUrl, theme } = saved;
        setForm((f) => ({
          ...f,
          fullName: saved.fullName ?? '',
          storeName: storeName ?? '',
          storeDescription: storeDescription ?? '',
          bio: bio ?? '',
        }));
        await mutate(
          keys.store(store.username, store.userId),
          (s?: Store) => s && { ...s, storeName, storeDescription, bio, bannerUrl, theme },
          { revalidate: false },
        );
        void mutate(keys.profile(user.id));
        toast.success('Store Saved');
      })
      .catch((error: unknown) => {
        console.warn('Saving the store failed', error);
        if (error instanceof ApiError && error.fields) setErrors(error.fields as CustomizeErrors);
        toast.error('Error', { description: SAVE_FAILED });
      })
      .finally(() => setSaving(false));
  };

  const field = (name: 'fullName' | 'storeName', label: string, max: number, required = false) => {
    const fieldId = `${id}-${name}`;
    return (
      <FormField id={fieldId} label={label} required={required} error={errors[name]}>
        <input
          {...errorProps(fieldId, errors[name], required)}
          className="input"
          type="text"
          maxLength={max}
          value={form[name]}
          onChange={(e) => set(name)(e.target.value)}
          autoComplete={name === 'fullName' ? 'name' : 'off'}
        />
      </FormField>
    );
  };

  return (
    <div className="customize">
      <form className="portal-card customize-form" onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="section-heading">
          Customize Your Store
        </h2>
        {field('fullName', 'Your Name', FULL_NAME_MAX, true)}
        {field('storeName', 'Store Name', STORE_NAME_MAX)}
        <CountedTextarea
          id={`${id}-storeDescription`}
          label="Store Description"
          max={STORE_DESCRIPTION_MAX}
          value={form.storeDescription}
          onChange={set('storeDescription')}
          error={errors.storeDescription}
          required={false}
          rows={3}
        />
        <CountedTextarea
          id={`${id}-bio`}
          label="Personal Bio"
          max={STORE_BIO_MAX}
          value={form.bio}
          onChange={set('bio')}
          error={errors.bio}
          required={false}
          rows={3}
        />
        <SelectField
          id={`${id}-theme`}
          label="Store Theme"
          value={form.theme}
          onChange={(value) => set('theme')(value as StoreThemeId)}
          options={THEME_OPTIONS}
          error={errors.theme}
        />
        <div className="customize-actions">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
      <section className="portal-card customize-images" aria-labelledby={`${id}-images`}>
        <h2 id={`${id}-images`} className="section-heading">
          Images
        </h2>
        <p className="field-hint">Saved as soon as you choose them.</p>
        <div className="form-field" role="group" aria-labelledby={`${id}-avatar`}>
          <span className="field-label" id={`${id}-avatar`}>
            Avatar
          </span>
          <AvatarUpload
            username={user.username}
            avatarUrl={store.avatarUrl}
            token={token}
            onUploaded={(saved) => {
              updateUser({ avatarUrl: saved.avatarUrl });
              void mutate(keys.profile(user.id), saved, { revalidate: false });
              void mutate(
                keys.store(store.username, store.userId),
                (s?: Store) => s && { ...s, avatarUrl: saved.avatarUrl },
                {
                  revalidate: false,
                },
              );
            }}
          />
        </div>
        <BannerUpload store={store} token={token} canUpload={user.isSeller} />
      </section>
      <section className="customize-preview" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`} className="section-heading">
          Live Preview
        </h2>
        <p className="field-hint" aria-live="polite">
          {STORE_THEMES[form.theme].name}
          {form.theme !== store.theme && ' (not saved yet)'}
        </p>
        <StoreThemeArea theme={form.theme} className="customize-preview-area">
          <StoreHeader store={previewOf(store, form)} as="div" titleLevel={3} />
        </StoreThemeArea>
      </section>
    </div>
  );
}
