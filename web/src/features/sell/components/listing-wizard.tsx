import { useState } from 'react';
import { toast } from 'sonner';
import type { ProductLookupResult } from '../../../../../shared/api/lookup';
import { useSignedInSession } from '../../../lib/session/session-context';
import type { WizardPhoto } from '../../../domains/listing-photos/api';
import { applyProduct } from '../lib/apply-product';
import { missingFields, stepOf, STEPS, toBody, type FieldErrors, type ListingForm } from '../lib/listing-form';
import { useListingForm } from '../lib/use-listing-form';
import { useListingSubmit } from '../lib/use-listing-submit';
import { useWizardPhotos } from '../lib/use-wizard-photos';
import { useWizardSteps } from '../lib/use-wizard-steps';
import { DetailsStep } from './details-step';
import { PricingStep } from './pricing-step';
import { ProductInfoStep } from './product-info-step';
import { ReviewStep } from './review-step';
import { ShippingStep } from './shipping-step';
import { WizardNav } from './wizard-nav';
import { WizardSteps } from './wizard-steps';

/**
 * The sell wizard (spec part 3): five steps over one form, checked on submit (missing fields first, then the body the
 * server checks with the same schema); each refusal opens the step of its first field.
 */
export function ListingWizard({
  initial,
  initialPhotos,
  editId,
}: {
  initial: ListingForm;
  initialPhotos: WizardPhoto[];
  editId?: string;
}) {
  const { token } = useSignedInSession();
  const { form, setForm, set, errors, setErrors } = useListingForm(initial);
  const { photos, setPhotos, uploading, keys, importProductPhotos } = useWizardPhotos(initialPhotos, token);
  const { step, setStep, previous, next, heading, last } = useWizardSteps();
  const [now] = useState(() => new Date());
  const refuse = (fields: FieldErrors) => {
    setErrors(fields);
    const firstField = Object.keys(fields)[0];
    if (firstField) setStep(stepOf(firstField));
  };
  const { submitting, send, refusal } = useListingSubmit({ token, editId, onFieldErrors: refuse });

  const onProduct = (product: ProductLookupResult) => {
    const { form: filled, wasEmpty } = applyProduct(form, product);
    setForm(filled);
    toast.success(wasEmpty ? 'Product Selected!' : 'Product Info Updated');
    importProductPhotos(product);
  };

  const submit = () => {
    const missing = missingFields(form);
    if (missing.length) {
      toast.error('Missing Required Fields', {
        description: `Please fill in: ${missing.map((m) => m.label).join(', ')}`,
      });
      refuse(Object.fromEntries(missing.map((m) => [m.field, `${m.label} is required`])));
      return;
    }
    // The button waits for uploads too; this guards a click that raced a new upload.
    if (uploading) return;
    const result = toBody(form, keys(), new Date());
    if (!result.ok) return refuse(result.errors);
    setErrors({});
    send(result.body);
  };

  return (
    <div className="sell-wizard">
      <WizardSteps step={step} onOpen={setStep} />
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
      {refusal && (
        <p className="status status-error" role="alert">
          {refusal}
        </p>
      )}
      <WizardNav
        first={step === 0}
        last={last}
        editing={editId !== undefined}
        submitting={submitting}
        uploading={uploading}
        onPrevious={previous}
        onNext={next}
        onSubmit={submit}
      />
    </div>
  );
}
