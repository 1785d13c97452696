import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { useStore } from '@tanstack/react-form';
import { useEffect, useState, type ReactNode } from 'react';
import { firstError, useShopForm } from './form';
import {
  ADDRESS_LIMITS,
  cleanAddress,
  INDIAN_STATES,
  validateAddress,
  type AddressField,
  type DeliveryAddress,
} from '../../../machines/address';
import { indianMobileDigits } from '../../../machines/phone';

type Values = Record<AddressField, string>;

const STATE_ID = 'delivery-address-state';

const EMPTY: Values = { name: '', phone: '', line1: '', line2: '', city: '', state: '', pincode: '' };

/** Fields whose rule reads another field too: a PIN code must be one of the chosen state's. */
const LISTENS_TO: Partial<Record<AddressField, AddressField[]>> = { pincode: ['state'] };

interface FieldRender {
  value: string;
  message: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** Who is signed in, as their profile has them. */
interface Profile {
  fullname: string;
  phone: string | null;
}

interface AddressFormProps {
  /** The address saved before, or the one being corrected. */
  initial: DeliveryAddress | null;
  /** Without an address yet, the kit most often goes to the person themselves: their name and mobile to start with. */
  profile: Profile | null;
  saving: boolean;
  /** Messages the server sent per field, shown until the field is edited. */
  serverErrors: Record<string, string>;
  onSubmit: (address: DeliveryAddress) => void;
  /** The submit button's words, and while it sends; the checkout's when not given. */
  submitLabel?: string;
  busyLabel?: string;
  /** What goes between the fields and the submit button: a reason to give, the server's refusal. */
  children?: ReactNode;
  /** The form's name for assistive technology; "Delivery address" when not given. */
  label?: string;
}

/** The rule of one field, from the whole address as it stands: machines/address.ts, which the server applies too. */
const ruleFor =
  (name: AddressField) =>
  ({ value, fieldApi }: { value: string; fieldApi: { form: { state: { values: Values } } } }) =>
    validateAddress({ ...fieldApi.form.state.values, [name]: value })[name];

function recipientOf(profile: Profile | null): Partial<Values> {
  const phone = profile?.phone ? indianMobileDigits(profile.phone) : undefined;
  return { name: profile?.fullname.trim() ?? '', ...(phone ? { phone } : {}) };
}

/** The Indian delivery address, checked field by field as the person leaves each field and on submit. */
export function AddressForm({
  initial,
  profile,
  saving,
  serverErrors,
  onSubmit,
  submitLabel = 'Save and continue',
  busyLabel = 'Saving the address…',
  children,
  label = 'Delivery address',
}: AddressFormProps) {
  const form = useShopForm({
    // Once the person has typed, TanStack Form keeps what they typed even when these change.
    defaultValues: { ...EMPTY, ...(initial ?? recipientOf(profile)) } as Values,
    // A field already refused as the person typed must not stop the first submit from checking all the others.
    canSubmitWhenInvalid: true,
    onSubmit: ({ value }) => onSubmit(cleanAddress(value)),
  });
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);

  // An address saved before a rule existed (a PIN code of another state) says at once what to fix.
  const [savedErrors] = useState(() => (initial ? validateAddress(initial) : {}));

  // What the server refused is shown at its field until the field is checked again.
  useEffect(() => {
    for (const [name, message] of Object.entries({ ...savedErrors, ...serverErrors })) {
      if (name in EMPTY) form.setFieldMeta(name as AddressField, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: message } }));
    }
  }, [form, savedErrors, serverErrors]);

  const field = (name: AddressField, render: (props: FieldRender) => ReactNode) => (
    <form.Field
      name={name}
      // One rule, run as the person types, leaves the field and submits; its message shows once they have left the
      // field or submitted. A server's refusal (onServer) goes at the next check.
      validators={{ onChange: ruleFor(name), onChangeListenTo: LISTENS_TO[name] ?? [] }}
      listeners={{ onBlur: ({ fieldApi }) => void fieldApi.validate('change') }}
    >
      {(api) => {
        const { errorMap, isBlurred } = api.state.meta;
        const message = (submitted || isBlurred ? firstError([errorMap.onChange]) : undefined) ?? firstError([errorMap.onServer]);
        return render({ value: api.state.value, message, onChange: api.handleChange, onBlur: api.handleBlur });
      }}
    </form.Field>
  );

  const text = (name: AddressField, label: string, props: { required?: boolean; autoComplete: string; inputMode?: 'numeric' | 'tel'; maxLength?: number; helper?: string }) =>
    field(name, ({ value, message, onChange, onBlur }) => (
      <Field.Root invalid={Boolean(message)} required={props.required ?? true}>
        <Field.Label>
          {label}
          {props.required === false ? null : <Field.RequiredIndicator />}
        </Field.Label>
        <Input
          name={name}
          value={value}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        {props.helper && !message ? <Field.HelperText color="gray.600">{props.helper}</Field.HelperText> : null}
        {message ? <Field.ErrorText color="red.700">{message}</Field.ErrorText> : null}
      </Field.Root>
    ));

  return (
    <form.AppForm>
      <form.Form label={label}>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('name', 'Full name', { autoComplete: 'name', maxLength: ADDRESS_LIMITS.name })}
          {text('phone', 'Mobile number', { autoComplete: 'tel-national', inputMode: 'tel', helper: '10 digits; +91 is added for you.' })}
          {text('line1', 'House number and street', { autoComplete: 'address-line1', maxLength: ADDRESS_LIMITS.line })}
          {text('line2', 'Area or landmark (optional)', { required: false, autoComplete: 'address-line2', maxLength: ADDRESS_LIMITS.line })}
          {text('city', 'City or town', { autoComplete: 'address-level2', maxLength: ADDRESS_LIMITS.city })}
          {field('state', ({ value, message, onChange, onBlur }) => (
            <Field.Root invalid={Boolean(message)} required>
              <Field.Label htmlFor={STATE_ID}>
                State or union territory
                <Field.RequiredIndicator />
              </Field.Label>
              <Input asChild>
                <select
                  id={STATE_ID}
                  aria-invalid={message ? true : undefined}
                  aria-describedby={message ? `${STATE_ID}-error` : undefined}
                  name="state"
                  autoComplete="address-level1"
                  value={value}
                  onChange={(event) => onChange(event.target.value)}
                  onBlur={onBlur}
                >
                  <option value="">Choose…</option>
                  {INDIAN_STATES.map((state) => (
                    <option key={state} value={state}>
                      {state}
                    </option>
                  ))}
                </select>
              </Input>
              {message ? <Field.ErrorText color="red.700" id={`${STATE_ID}-error`}>{message}</Field.ErrorText> : null}
            </Field.Root>
          ))}
          {text('pincode', 'PIN code', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 7 })}
        </SimpleGrid>
        {children}
        <Button type="submit" colorPalette="brand" mt="6" loading={saving} loadingText={busyLabel} w={{ base: 'full', md: 'auto' }}>
          {submitLabel}
        </Button>
      </form.Form>
    </form.AppForm>
  );
}
