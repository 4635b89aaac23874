import '../../../styles/settings.css';
import { ADDRESS_COUNTRIES, COUNTRY_FORMATS, type AddressPart } from '../../../../../shared/domain/address';
import { isAddressCountry, type AddressFields, type FieldErrors } from '../lib/profile-form';
import { errorProps, FormField } from '../../../components/ui/form-field';

const DEFAULT_ORDER: readonly AddressPart[] = ['street', 'city', 'state', 'postalCode'];

/**
 * A postal address in the chosen country's labels and order of parts (spec part 3: 15 countries; country, street
 * and city required).
 */
export function AddressEditor({
  legend,
  name,
  value,
  errors,
  onChange,
}: {
  legend: string;
  /** `address` or `returnAddress`: ids and error keys. */
  name: string;
  value: AddressFields;
  errors: FieldErrors;
  onChange(next: AddressFields): void;
}) {
  const format = value.country ? COUNTRY_FORMATS[value.country] : null;
  const order = format?.order ?? DEFAULT_ORDER;
  const labels: Record<AddressPart, string | null> = {
    street: 'Street Address',
    city: 'City',
    state: format ? format.stateLabel : 'State / Region',
    postalCode: format?.postalCodeLabel ?? 'Postal Code',
  };
  const id = (part: string) => `${name}-${part}`;
  const error = (part: string) => errors[`${name}.${part}`];
  const set = (part: AddressPart, text: string) => onChange({ ...value, [part]: text });

  return (
    <fieldset className="address-editor">
      <legend className="fieldset-legend">{legend}</legend>
      <FormField id={id('country')} label="Country" required error={error('country')}>
        <select
          {...errorProps(id('country'), error('country'), true)}
          className="select"
          value={value.country}
          onChange={(e) => onChange({ ...value, country: isAddressCountry(e.target.value) ? e.target.value : '' })}
        >
          <option value="">Select a country</option>
          {ADDRESS_COUNTRIES.map((code) => (
            <option key={code} value={code}>
              {COUNTRY_FORMATS[code].name}
            </option>
          ))}
        </select>
      </FormField>
      {order.map((part) => {
        const label = labels[part];
        if (label === null) return null;
        const required = part === 'street' || part === 'city';
        return (
          <FormField key={part} id={id(part)} label={label} required={required} error={error(part)}>
            <input
              {...errorProps(id(part), error(part), required)}
              className="input"
              value={value[part]}
              onChange={(e) => set(part, e.target.value)}
              autoComplete={
                part === 'street'
                  ? 'street-address'
                  : part === 'city'
                    ? 'address-level2'
                    : part === 'state'
                      ? 'address-level1'
                      : 'postal-code'
              }
            />
          </FormField>
        );
      })}
    </fieldset>
  );
}
