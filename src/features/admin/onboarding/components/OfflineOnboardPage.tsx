import { Box } from '@chakra-ui/react/box';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as v from 'valibot';
import { ADDRESS_LIMITS, INDIAN_STATES, normalisePinCode, validateAddress, type IndianState } from '../../../../../machines/address';
import { KIT_CODE_ALPHABET, parseKitCode } from '../../../../../machines/kit-codes';
import { indianMobile } from '../../../../../machines/phone';
import { formatRupees } from '../../../../../machines/pricing';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { FormAlert } from '@/components/ui/fields';
import { firstError, refuseField, useShopForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { ApiError } from '@/lib/api-client';
import { productsQueryOptions, type Product } from '@/lib/catalogue';
import { useOnboardOfflineCustomer, type OfflineOnboarding, type OfflineOnboardingRequest } from '../api/onboard-offline-customer';

type Method = OfflineOnboardingRequest['payment']['method'];
const METHODS: ReadonlyArray<{ value: Method; label: string }> = [
  { value: 'cash', label: 'Cash' },
  { value: 'upi', label: 'UPI' },
  { value: 'card', label: 'Card at the counter' },
];
const METHOD_LABEL = Object.fromEntries(METHODS.map((method) => [method.value, method.label])) as Record<Method, string>;

const EMPTY = {
  fullname: '',
  phone: '',
  email: '',
  productId: '',
  code: '',
  method: '',
  amount: '',
  place: '',
  city: '',
  state: '',
  pincode: '',
  reason: '',
};
type Values = typeof EMPTY;

/** What stays for the next buyer at the same clinic or event. */
const KEPT_FOR_NEXT_BUYER = ['productId', 'method', 'place', 'city', 'state', 'pincode'] as const;

/** Where the server names a field of the request, the form's field. */
const FIELD_OF_SERVER: Record<string, keyof Values> = {
  fullname: 'fullname',
  phone: 'phone',
  email: 'email',
  productId: 'productId',
  code: 'code',
  'payment.method': 'method',
  'payment.amount': 'amount',
  'counter.line1': 'place',
  'counter.city': 'city',
  'counter.state': 'state',
  'counter.pincode': 'pincode',
  reason: 'reason',
};

const CODE_MESSAGES = {
  format: `A kit code looks like GUT-XXXX-XXXX, from the letters and digits ${KIT_CODE_ALPHABET}: there is no O, 0, I, 1, L, S or 5.`,
  check: 'This code has a typing mistake: check each character against the label.',
};

/** Rupees as typed (4999, 4,999.50, ₹4999) in paise; undefined when it is not an amount. */
function paiseOf(typed: string): number | undefined {
  const cleaned = typed.replace(/[₹,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  return Math.round(Number(cleaned) * 100);
}

const rules = {
  fullname: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter the person’s full name.'), v.maxLength(80, 'Keep the name under 80 characters.')),
  phone: v.pipe(v.string(), v.check((value) => indianMobile(value) !== undefined, 'Enter a 10-digit Indian mobile number, like 98765 43210.')),
  email: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter the person’s e-mail address: their sign-in link goes there.'), v.email('Enter a valid e-mail address, like name@example.com.')),
  reason: v.pipe(v.string(), v.maxLength(500, 'Keep the note under 500 characters.')),
};

type Rule = (value: string, values: Values) => string | undefined;

/** The counter's address, by the same rule as a delivery address (a PIN code must be one of the state's). */
const counterRule =
  (name: 'line1' | 'city' | 'state' | 'pincode'): Rule =>
  (_value, { place, city, state, pincode }) => {
    const message = validateAddress({ line1: place, city, state, pincode })[name];
    return name === 'line1' && message ? 'Enter the clinic or event where the kit was handed over.' : message;
  };

const codeRule: Rule = (value) => {
  if (!value.trim()) return 'Enter the code on the kit’s label.';
  const parsed = parseKitCode(value);
  return parsed.ok ? undefined : CODE_MESSAGES[parsed.reason];
};

const chosen =
  (message: string): Rule =>
  (value) =>
    value ? undefined : message;

/** A rule as the form runs it on submit, reading the other fields it needs. */
const onSubmit = (rule: Rule) => ({
  onSubmit: ({ value, fieldApi }: { value: string; fieldApi: { form: { state: { values: Values } } } }) => rule(value, fieldApi.form.state.values),
});

function Outcome({ done }: { done: OfflineOnboarding }) {
  return (
    <Box role="status" bg="green.50" borderWidth="1px" borderColor="green.200" rounded="md" p="4" data-testid="onboarding-done">
      <Heading as="h2" size="sm" mb="2" color="green.900">
        {done.customer.fullname} is registered{done.customer.existing ? ' (an existing customer: the kit is added to their account)' : ''}.
      </Heading>
      <Stack gap="1" color="green.900">
        <Text>
          Order {done.order.number}, paid {formatRupees(done.order.price)} by {METHOD_LABEL[done.order.paymentMethod]}; invoice {done.order.invoiceNumber}.
        </Text>
        <Text>
          Kit {done.kit.code} ({done.kit.product.name}) is handed over and ready to activate.
        </Text>
        <Text>
          {welcomeNote(done)}
        </Text>
      </Stack>
    </Box>
  );
}

/** What the person was sent: the welcome with the invoice and, when Firebase could make it, their sign-in link. */
function welcomeNote({ signInLink, customer: { email } }: OfflineOnboarding): string {
  if (!email) return 'No e-mail went out: their profile has no e-mail address.';
  if (signInLink === 'sent') return `A welcome e-mail with the invoice and a sign-in link is on its way to ${email}.`;
  return `The welcome e-mail with the invoice goes to ${email} without a sign-in link, which could not be made just now. They can sign in with “Sign in without a password” on the login page, using this e-mail address.`;
}

function OnboardForm({ products }: { products: Product[] }) {
  const onboard = useOnboardOfflineCustomer();
  const [done, setDone] = useState<OfflineOnboarding | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useShopForm({
    defaultValues: EMPTY,
    onSubmit: async ({ value, formApi }) => {
      setDone(null);
      setRefusal(null);
      const request: OfflineOnboardingRequest = {
        fullname: value.fullname.trim(),
        phone: value.phone.trim(),
        email: value.email.trim(),
        productId: value.productId,
        code: value.code.trim(),
        payment: { method: value.method as Method, amount: paiseOf(value.amount) ?? 0 },
        counter: { line1: value.place.trim(), city: value.city.trim(), state: value.state as IndianState, pincode: normalisePinCode(value.pincode) },
        ...(value.reason.trim() ? { reason: value.reason.trim() } : {}),
      };
      try {
        const onboarded = await onboard.mutateAsync(request);
        setDone(onboarded);
        formApi.reset();
        for (const kept of KEPT_FOR_NEXT_BUYER) formApi.setFieldValue(kept, value[kept]);
      } catch (error) {
        setRefusal(error instanceof Error ? error.message : 'The kit could not be registered. Please try again.');
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fields ?? {})) {
            const name = FIELD_OF_SERVER[field];
            if (name) refuseField(formApi, name, message);
          }
        }
      }
    },
    onSubmitInvalid: () => {
      setDone(null);
      setRefusal(null);
    },
  });
  const options = products.map((product) => ({ value: product._id, label: `${product.name} (${formatRupees(product.price)})` }));

  const amountRule: Rule = (value, values) => {
    const paise = paiseOf(value);
    if (!value.trim()) return 'Enter the amount they paid, in rupees.';
    if (paise === undefined) return 'Enter the amount in rupees, like 4999 or 4999.50.';
    if (paise < 100) return 'The amount must be at least ₹1.';
    const product = products.find((candidate) => candidate._id === values.productId);
    return product && paise > product.price ? `The amount cannot be more than the kit’s price, ${formatRupees(product.price)}.` : undefined;
  };

  const select = (name: 'productId' | 'method' | 'state', label: string, choices: ReadonlyArray<{ value: string; label: string }>, placeholder: string, rule: Rule) => (
    <form.Field name={name} validators={onSubmit(rule)}>
      {(field) => (
        <SelectField
          id={`onboard-${name}`}
          label={label}
          placeholder={placeholder}
          value={field.state.value}
          options={choices}
          onChange={field.handleChange}
          onBlur={field.handleBlur}
          error={firstError(field.state.meta.errors)}
        />
      )}
    </form.Field>
  );

  return (
    <form.AppForm>
      <form.Form label="Register a kit bought at a counter">
        <Stack gap="6">
          {done ? <Outcome done={done} /> : null}
          {refusal ? <FormAlert>{refusal}</FormAlert> : null}
          <Box as="fieldset">
            <Heading as="legend" size="sm" mb="3">
              The buyer
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <form.AppField name="fullname" validators={{ onSubmit: rules.fullname }}>
                {(field) => <field.TextField label="Full name" autoComplete="off" maxLength={80} />}
              </form.AppField>
              <form.AppField name="phone" validators={{ onSubmit: rules.phone }}>
                {(field) => <field.TextField label="Mobile number" type="tel" inputMode="tel" autoComplete="off" prefix="+91" helper="An existing customer with this number gets the kit." />}
              </form.AppField>
              <form.AppField name="email" validators={{ onSubmit: rules.email }}>
                {(field) => <field.TextField label="E-mail address" type="email" autoComplete="off" helper="Their sign-in link goes here." />}
              </form.AppField>
            </SimpleGrid>
          </Box>
          <Box as="fieldset">
            <Heading as="legend" size="sm" mb="3">
              The kit and the payment
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {select('productId', 'Kit', options, 'Choose a kit…', chosen('Choose the kit they bought.'))}
              <form.AppField name="code" validators={onSubmit(codeRule)}>
                {(field) => <field.TextField label="Kit code from the label" autoComplete="off" autoCapitalize="characters" maxLength={32} placeholder="GUT-XXXX-XXXX" />}
              </form.AppField>
              {select('method', 'Paid by', METHODS, 'Choose how they paid…', chosen('Choose how they paid.'))}
              <form.AppField name="amount" validators={onSubmit(amountRule)}>
                {(field) => <field.TextField label="Amount paid (₹)" inputMode="decimal" autoComplete="off" maxLength={12} helper="GST included, as on the receipt." />}
              </form.AppField>
            </SimpleGrid>
          </Box>
          <Box as="fieldset">
            <Heading as="legend" size="sm" mb="1">
              Where it was handed over
            </Heading>
            <Text fontSize="sm" color="gray.700" mb="3">
              The clinic or event counter: the order&rsquo;s address and the place of supply on its invoice.
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <form.AppField name="place" validators={onSubmit(counterRule('line1'))}>
                {(field) => <field.TextField label="Clinic or event, with its address" autoComplete="off" maxLength={ADDRESS_LIMITS.line} />}
              </form.AppField>
              <form.AppField name="city" validators={onSubmit(counterRule('city'))}>
                {(field) => <field.TextField label="City or town" autoComplete="off" maxLength={ADDRESS_LIMITS.city} />}
              </form.AppField>
              {select(
                'state',
                'State or union territory',
                INDIAN_STATES.map((state) => ({ value: state, label: state })),
                'Choose…',
                counterRule('state'),
              )}
              <form.AppField name="pincode" validators={onSubmit(counterRule('pincode'))}>
                {(field) => <field.TextField label="PIN code" inputMode="numeric" autoComplete="off" maxLength={7} />}
              </form.AppField>
            </SimpleGrid>
          </Box>
          <form.AppField name="reason" validators={{ onSubmit: rules.reason }}>
            {(field) => <field.TextField label="Note for the record (optional)" required={false} autoComplete="off" maxLength={500} placeholder="e.g. event discount agreed by the clinic" />}
          </form.AppField>
          <Box>
            <form.SubmitButton colorPalette="brand" loadingText="Registering…" w={{ base: 'full', md: 'auto' }}>
              Register and hand over the kit
            </form.SubmitButton>
          </Box>
        </Stack>
      </form.Form>
    </form.AppForm>
  );
}

/** Staff register a person who bought a kit at a clinic or event: their profile, the paid order, and the kit. */
export function OfflineOnboardPage() {
  const products = useQuery(productsQueryOptions);
  return (
    <Box maxW="5xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title="Offline Onboarding">
        Register a kit sold at a clinic or event with the code on its label. The buyer gets an account (or the kit is
        added to theirs), a paid order with its GST invoice, and a sign-in link; they then activate the kit on their
        dashboard.
      </PageTitle>
      {products.isError ? (
        <DataLoadFailure what="the kits" error={products.error} onRetry={() => void products.refetch()} />
      ) : (
        <OnboardForm products={products.data ?? []} />
      )}
    </Box>
  );
}
