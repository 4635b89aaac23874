import { useState } from 'react';
import type { FieldErrors, ListingForm } from './listing-form';

/** The wizard's fields as typed and their messages; changing a field clears its message (the next submit checks again). */
export function useListingForm(initial: ListingForm) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof ListingForm>(key: K, value: ListingForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => {
      if (!(key in e)) return e;
      const { [key]: _gone, ...rest } = e;
      return rest;
    });
  };
  return { form, setForm, set, errors, setErrors };
}
