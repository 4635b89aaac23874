import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { toast } from 'sonner';
import { createListing, updateListing } from '../../../../../shared/api/listing-write';
import { importListingPhoto } from '../../../../../shared/api/listing-photos';
import type { ProductLookupResult } from '../../../../../shared/api/lookup';
import { getProfile, type Profile } from '../../../../../shared/api/profile';
import { PageLoading } from '../../../components/ui/page-loading';
import { ApiError, apiGet, apiSend, newIdempotencyKey } from '../../../lib/api';
import { refreshListingCaches } from '../../../domains/listings/api';
import { useListingDetail } from '../../../domains/listings/api';
import { RequireSignIn } from '../../../lib/session/require-sign-in';
import { useSession, useSignedInSession } from '../../../lib/session/session-context';
import { DetailsStep } from '../components/details-step';
import { PricingStep } from '../components/pricing-step';
import { ProductInfoStep } from '../components/product-info-step';
import { ReviewStep } from '../components/review-step';
import { ShippingStep } from '../components/shipping-step';
import {
  emptyForm,
  formFieldOf,
  formFromListing,
  missingFields,
  stepOf,
  STEPS,
  toBody,
  type FieldErrors,
  type ListingForm,
} from '../lib/listing-form';
import { lookupPhotoRoom, type WizardPhoto } from '../../../domains/listing-photos/api';
import { applyProduct } from '../lib/apply-product';
import { locationFromProfile } from '../lib/location-prefill';
import { LoadFailed } from '../../../components/ui/load-failed';
import { keys } from '../../../domains/keys';

let importId = 0;

function Wizard({
  initial,
  initialPhotos,
  editId,
}: {
  initial: ListingForm;
  initialPhotos: WizardPhoto[];
  editId?: string;
}) {
  const { token } = useSignedInSession();
  const navigate = useNavigate();
  const { mutate, cache } = useSWRConfig();
  const [form, setForm] = useState(initial);
  const [photos, setPhotos] = useState(initialPhotos);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [step, setStep] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  const [now] = useState(() => new Date());
  // One key per listing the seller means to create: pressing again after a failure with the same listing repeats
  // that action (the server answers with the listing if the first try went through); a changed listing is a new one.
  const createKey = useRef<{ body: string; key: string } | null>(null);

  // Focus follows a step change (not the first render), so keyboard and screen-reader users land on the new step.
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  // Object URLs of fresh files live until the wizard goes (the review step shows them too).
  const shown = useRef(photos);
  useEffect(() => {
    shown.current = photos;
  }, [photos]);
  useEffect(
    () => () => {
      for (const p of shown.current) if (p.previewUrl.startsWith('blob:')) URL.revokeObjectURL(p.previewUrl);
    },
    [],
  );

  const uploading = photos.some((p) => p.status === 'uploading');
  const set = <K extends keyof ListingForm>(key: K, value: ListingForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A field's message goes once the seller changes it; the next submit checks again.
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };

  const onProduct = (product: ProductLookupResult) => {
    const { form: next, wasEmpty } = applyProduct(form, product);
    setForm(next);
    toast.success(wasEmpty ? 'Product Selected!' : 'Product Info Updated');
    // Each image is copied into the seller's uploads; it shows at once (the lookup's address) and gets its key later.
    const imports = product.images
      .filter((url) => /^https?:\/\//i.test(url))
      .slice(0, lookupPhotoRoom(photos))
      .map((url) => ({ id: `import-${++importId}`, url }));
    if (!imports.length) return;
    setPhotos((list) => [
      ...list,
      ...imports.map(({ id, url }, i): WizardPhoto => ({
        id,
        name: `${product.productName} (${i + 1})`,
        previewUrl: url,
        progress: 0,
        status: 'uploading',
        origin: 'lookup',
      })),
    ]);
    void Promise.allSettled(
      imports.map(({ id, url }) =>
        apiSend(importListingPhoto, { body: { url }, token }).then(
          ({ key, url: stored }) =>
            setPhotos((list) =>
              list.map((p) => (p.id === id ? { ...p, key, previewUrl: stored, progress: 1, status: 'ready' } : p)),
            ),
          (error: unknown) => {
            setPhotos((list) => list.filter((p) => p.id !== id));
            throw error;
          },
        ),
      ),
    ).then((results) => {
      if (results.some((r) => r.status === 'rejected')) {
        toast.error('Upload Error', { description: 'Failed to upload images. Please try again.' });
      }
    });
  };

  const submit = () => {
    const missing = missingFields(form);
    if (missing.length) {
      toast.error('Missing Required Fields', {
        description: `Please fill in: ${missing.map((m) => m.label).join(', ')}`,
      });
      setErrors(Object.fromEntries(missing.map((m) => [m.field, `${m.label} is required`])));
      setStep(stepOf(missing[0]!.field));
      return;
    }
    // The button waits for uploads too; this guards a click that raced a new upload.
    if (uploading) return;
    const result = toBody(
      form,
      photos.filter((p) => p.key).map((p) => p.key!),
      new Date(),
    );
    if (!result.ok) {
      setErrors(result.errors);
      setStep(stepOf(Object.keys(result.errors)[0]!));
      return;
    }
    setErrors({});
    setSubmitting(true);
    const sent = JSON.stringify(result.body);
    if (createKey.current?.body !== sent) createKey.current = { body: sent, key: newIdempotencyKey() };
    const request = editId
      ? apiSend(updateListing, { params: { listingId: editId }, body: result.body, token })
      : apiSend(createListing, { body: result.body, token, idempotencyKey: createKey.current.key });
    request
      .then(async () => {
        createKey.current = null;
        // The listing is saved: a refetch that fails later must not report it as failed.
        await refreshListingCaches(mutate, cache, editId ?? undefined).catch(() => undefined);
        if (editId) {
          toast.success('Listing Updated');
          navigate('/seller-portal');
        } else {
          toast.success('Listing Created!');
          navigate('/marketplace');
        }
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) {
          toast.error('Authentication Required', { description: 'Please connect your wallet to create a listing' });
        } else if (error instanceof ApiError && error.fields) {
          const fields: FieldErrors = {};
          for (const [path, message] of Object.entries(error.fields)) {
            fields[formFieldOf(path)] ??= message;
          }
          setErrors(fields);
          const firstField = Object.keys(fields)[0];
          if (firstField) setStep(stepOf(firstField));
          toast.error('Error', { description: error.message });
        } else {
          toast.error('Error', { description: 'Failed to create listing. Please try again.' });
        }
      })
      .finally(() => setSubmitting(false));
  };

  const last = step === STEPS.length - 1;
  return (
    <div className="sell-wizard">
      <ol className="wizard-steps" aria-label="Steps">
        {STEPS.map((name, i) => (
          <li
            key={name}
            aria-current={i === step ? 'step' : undefined}
            className={i === step ? 'is-current' : undefined}
          >
            <button type="button" className="step-link" onClick={() => setStep(i)}>
              <span className="step-number">{i + 1}</span> <span className="step-name">{name}</span>
            </button>
          </li>
        ))}
      </ol>
      <section className="wizard-panel" aria-labelledby="wizard-step-title">
        <h2 id="wizard-step-title" ref={heading} tabIndex={-1} className="section-heading">
          {STEPS[step]}
        </h2>
        {step === 0 && (
          <ProductInfoStep
            form={form}
            set={set}
            errors={errors}
            token={token}
            photos={photos}
            setPhotos={setPhotos}
            onProduct={onProduct}
          />
        )}
        {step === 1 && <DetailsStep form={form} set={set} errors={errors} />}
        {step === 2 && <PricingStep form={form} set={set} errors={errors} now={now} />}
        {step === 3 && <ShippingStep form={form} set={set} errors={errors} token={token} />}
        {step === 4 && <ReviewStep form={form} photos={photos} />}
      </section>
      <p className="field-hint wizard-wait" aria-live="polite">
        {uploading ? 'Waiting for photos to finish uploading...' : ''}
      </p>
      <div className="wizard-nav">
        <button
          type="button"
          className="btn btn-outline"
          disabled={step === 0}
          onClick={() => setStep((s) => Math.max(0, s - 1))}
        >
          Previous
        </button>
        {last ? (
          <button type="button" className="btn btn-primary" disabled={submitting || uploading} onClick={submit}>
            {editId
              ? submitting
                ? 'Saving...'
                : 'Save Changes'
              : submitting
                ? 'Creating Listing...'
                : 'Create Listing'}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setStep((s) => Math.min(STEPS.length - 1, s + 1))}
          >
            Next
          </button>
        )}
      </div>
    </div>
  );
}

function CreateListing() {
  const { token, user } = useSignedInSession();
  // The location is prefilled from the profile address; without a profile the wizard still opens, empty.
  const { data, isLoading } = useSWR<Profile | null>(keys.profile(user.id), () =>
    apiGet(getProfile, { token }).catch(() => null),
  );
  if (isLoading) return <PageLoading />;
  return <Wizard initial={{ ...emptyForm(), ...locationFromProfile(data ?? null) }} initialPhotos={[]} />;
}

function EditListing({ id }: { id: string }) {
  const { user } = useSignedInSession();
  const { data, error, isLoading, mutate } = useListingDetail(id);
  if (isLoading) return <PageLoading />;
  if ((error instanceof ApiError && error.status === 404) || (data && data.seller.id !== user.id)) {
    return (
      <div className="status status-error" role="alert">
        <p className="status-title">Listing not found</p>
        <Link to="/seller-portal" className="btn btn-outline">
          Back to My Listings
        </Link>
      </div>
    );
  }
  // A sold-out listing is still readable (its buyers follow their purchases on it) but can't be edited.
  if (data?.status === 'sold') {
    return (
      <div className="status" role="status">
        <p className="status-title">This listing has sold and can no longer be edited.</p>
        <Link to="/seller-portal" className="btn btn-outline">
          Back to My Listings
        </Link>
      </div>
    );
  }
  // Without the seller's own terms (reserve, minimum offer) the form would save them away: never open it so.
  if (error || !data || data.reservePriceCents === undefined) {
    return <LoadFailed title="Failed to fetch listing" onRetry={() => void mutate()} />;
  }
  const photos: WizardPhoto[] = data.images.map((img, i) => ({
    id: `existing-${i}`,
    name: `Photo ${i + 1}`,
    previewUrl: img.thumbUrl,
    key: img.key,
    progress: 1,
    status: 'ready',
    origin: 'listing',
  }));
  return <Wizard initial={formFromListing(data)} initialPhotos={photos} editId={id} />;
}

function SellContent() {
  const { user } = useSignedInSession();
  const [params] = useSearchParams();
  const editId = params.get('edit');
  if (!user.isSeller) {
    return (
      <div className="status">
        <p className="status-title">Turn on selling in your profile settings to list items.</p>
        <Link to="/settings" className="btn btn-primary">
          Profile Settings
        </Link>
      </div>
    );
  }
  return editId ? <EditListing key={editId} id={editId} /> : <CreateListing />;
}

/** Signed-out visitors are told why and sent home (spec part 3 "The error catalogue"). */
function AuthenticationRequired() {
  useEffect(() => {
    toast.error('Authentication Required', { description: 'Please connect your wallet to create a listing' });
  }, []);
  return <Navigate to="/" replace />;
}

export function SellPage() {
  const [params] = useSearchParams();
  const { status } = useSession();
  return (
    <div className="container sell-page">
      <h1 className="page-title">{params.get('edit') ? 'Edit Listing' : 'Create Listing'}</h1>
      {status === 'signed-out' ? (
        <AuthenticationRequired />
      ) : (
        <RequireSignIn>
          <SellContent />
        </RequireSignIn>
      )}
    </div>
  );
}
