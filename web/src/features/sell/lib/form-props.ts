import type { FieldErrors, ListingForm } from './listing-form';

/** What every step gets: the form, a setter for one field, and the current field errors. */
export interface StepProps {
  form: ListingForm;
  set: <K extends keyof ListingForm>(key: K, value: ListingForm[K]) => void;
  errors: FieldErrors;
}
