import { profileUpdateSchema, type Profile } from '../../../../../shared/api/profile';
import { ADDRESS_COUNTRIES, type AddressCountry } from '../../../../../shared/domain/address';

/** What the address editor holds: plain strings, country '' until one is chosen. */
export interface AddressFields {
  country: AddressCountry | '';
  street: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface ProfileForm {
  fullName: string;
  email: string;
  phone: string;
  address: AddressFields;
  returnAddress: AddressFields;
  useDifferentReturnAddress: boolean;
  isSeller: boolean;
}

/** Field errors keyed like the server's (`fullName`, `address.street`, ...). */
export type FieldErrors = Record<string, string>;

export type ProfileUpdate = ReturnType<typeof profileUpdateSchema.parse>;

export const EMPTY_ADDRESS: AddressFields = { country: '', street: '', city: '', state: '', postalCode: '' };

export function isAddressCountry(value: string): value is AddressCountry {
  return (ADDRESS_COUNTRIES as readonly string[]).includes(value);
}

export function formFromProfile(p: Profile): ProfileForm {
  return {
    fullName: p.fullName,
    email: p.email,
    phone: p.phone,
    address: p.address ? { ...p.address } : { ...EMPTY_ADDRESS },
    returnAddress: p.returnAddress ? { ...p.returnAddress } : { ...EMPTY_ADDRESS },
    useDifferentReturnAddress: p.useDifferentReturnAddress,
    isSeller: p.isSeller,
  };
}

function isBlank(a: AddressFields): boolean {
  return a.country === '' && [a.street, a.city, a.state, a.postalCode].every((v) => v.trim() === '');
}

/** An untouched address is "none"; a started one must have a country (the other rules are the contract's). */
function addressValue(a: AddressFields, key: string, errors: FieldErrors): AddressFields | null {
  if (isBlank(a)) return null;
  if (a.country === '') errors[`${key}.country`] = 'Country is required';
  return a;
}

/**
 * The form -> the update body, checked with the contract's own schema so the page shows the server's rules before
 * sending. The return address is sent only while the toggle is on.
 */
export function validateProfileForm(
  form: ProfileForm,
): { ok: true; body: ProfileUpdate } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const candidate = {
    fullName: form.fullName,
    email: form.email,
    phone: form.phone,
    address: addressValue(form.address, 'address', errors),
    returnAddress: form.useDifferentReturnAddress
      ? (addressValue(form.returnAddress, 'returnAddress', errors) ?? null)
      : null,
    useDifferentReturnAddress: form.useDifferentReturnAddress,
    isSeller: form.isSeller,
  };
  const parsed = profileUpdateSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path.join('.');
      // A country already reported as missing; the first message per field is the one to show.
      if (!(key in errors)) errors[key] = issue.message;
    }
  }
  if (form.useDifferentReturnAddress && isBlank(form.returnAddress)) {
    errors['returnAddress.street'] ??= 'Street is required';
    errors['returnAddress.city'] ??= 'City is required';
    errors['returnAddress.country'] ??= 'Country is required';
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, body: parsed.data };
}
