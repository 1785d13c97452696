import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { useState, type FormEvent } from 'react';
import {
  ADDRESS_LIMITS,
  cleanAddress,
  INDIAN_STATES,
  validateAddress,
  type AddressErrors,
  type AddressField,
  type DeliveryAddress,
} from '../../../../machines/address';

type Values = Record<AddressField, string>;

const STATE_ID = 'delivery-address-state';

const EMPTY: Values = { name: '', phone: '', line1: '', line2: '', city: '', state: '', pincode: '' };

interface AddressFormProps {
  initial: DeliveryAddress | null;
  saving: boolean;
  /** Messages the server sent per field, shown until the field is edited. */
  serverErrors: Record<string, string>;
  onSubmit: (address: DeliveryAddress) => void;
}

/** The Indian delivery address, checked field by field as the person leaves each field and on submit. */
export function AddressForm({ initial, saving, serverErrors, onSubmit }: AddressFormProps) {
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...(initial ?? {}) }) as Values);
  const [touched, setTouched] = useState<Partial<Record<AddressField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [edited, setEdited] = useState<Partial<Record<AddressField, boolean>>>({});
  const errors: AddressErrors = validateAddress(values);

  const messageFor = (field: AddressField): string | undefined =>
    (submitted || touched[field] ? errors[field] : undefined) ?? (edited[field] ? undefined : serverErrors[field]);

  const change = (field: AddressField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setEdited((current) => ({ ...current, [field]: true }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length === 0) onSubmit(cleanAddress(values));
  };

  const text = (field: AddressField, label: string, props: { required?: boolean; autoComplete: string; inputMode?: 'numeric' | 'tel'; maxLength?: number; helper?: string }) => {
    const message = messageFor(field);
    return (
      <Field.Root invalid={Boolean(message)} required={props.required ?? true}>
        <Field.Label>
          {label}
          {props.required === false ? null : <Field.RequiredIndicator />}
        </Field.Label>
        <Input
          name={field}
          value={values[field]}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          onChange={(event) => change(field)(event.target.value)}
          onBlur={() => setTouched((current) => ({ ...current, [field]: true }))}
        />
        {props.helper && !message ? <Field.HelperText color="gray.600">{props.helper}</Field.HelperText> : null}
        {message ? <Field.ErrorText color="red.700">{message}</Field.ErrorText> : null}
      </Field.Root>
    );
  };

  const stateMessage = messageFor('state');
  return (
    <form onSubmit={submit} noValidate aria-label="Delivery address">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {text('name', 'Full name', { autoComplete: 'name', maxLength: ADDRESS_LIMITS.name })}
        {text('phone', 'Mobile number', { autoComplete: 'tel-national', inputMode: 'tel', helper: '10 digits; +91 is added for you.' })}
        {text('line1', 'House number and street', { autoComplete: 'address-line1', maxLength: ADDRESS_LIMITS.line })}
        {text('line2', 'Area or landmark (optional)', { required: false, autoComplete: 'address-line2', maxLength: ADDRESS_LIMITS.line })}
        {text('city', 'City or town', { autoComplete: 'address-level2', maxLength: ADDRESS_LIMITS.city })}
        <Field.Root invalid={Boolean(stateMessage)} required>
          <Field.Label htmlFor={STATE_ID}>
            State or union territory
            <Field.RequiredIndicator />
          </Field.Label>
          <Input asChild>
            <select
              id={STATE_ID}
              aria-invalid={stateMessage ? true : undefined}
              aria-describedby={stateMessage ? `${STATE_ID}-error` : undefined}
              name="state"
              autoComplete="address-level1"
              value={values.state}
              onChange={(event) => change('state')(event.target.value)}
              onBlur={() => setTouched((current) => ({ ...current, state: true }))}
            >
              <option value="">Choose…</option>
              {INDIAN_STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          </Input>
          {stateMessage ? <Field.ErrorText color="red.700" id={`${STATE_ID}-error`}>{stateMessage}</Field.ErrorText> : null}
        </Field.Root>
        {text('pincode', 'PIN code', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 6 })}
      </SimpleGrid>
      <Button type="submit" colorPalette="brand" mt="6" loading={saving} loadingText="Saving the address…" w={{ base: 'full', md: 'auto' }}>
        Save and continue
      </Button>
    </form>
  );
}
