import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Input } from '@chakra-ui/react/input';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import * as v from 'valibot';
import { KIT_JOURNEY_LABELS } from '../../../../../machines/kit-journey';
import { formatIndianNumber } from '../../../../../machines/indian-numbers';
import { formatRupees } from '../../../../../machines/pricing';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { FormAlert } from '@/components/ui/fields';
import { firstError, useShopForm } from '@/components/ui/form';
import { notify } from '@/components/ui/notices';
import { formatShopDate, formatShopDateTime } from '@/lib/dates';
import { failureMessage } from '@/lib/failure';
import { ScoreHistory } from '@/components/questionnaires/ScoreHistory';
import { SentMessages } from '../../sent-messages/components/SentMessages';
import { useAddNote, useCustomer, type StaffCustomerDetail } from '../api/customer';
import { CUSTOMER_LISTS, type CustomerListId } from '../lists';

// The correction dialog arrives when it is first asked for, not with the page.
const CorrectProfileDialog = lazy(() => import('./CorrectProfileDialog').then((module) => ({ default: module.CorrectProfileDialog })));

const NOTE_MAX = 2000;
const noteSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Write the note first.'),
  v.maxLength(NOTE_MAX, `A note holds at most ${formatIndianNumber(NOTE_MAX)} characters.`),
);

const ORDER_STATUS: Record<string, { label: string; color: string }> = {
  pending: { label: 'Awaiting payment', color: 'orange' },
  paid: { label: 'Paid', color: 'green' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  refunded: { label: 'Refunded', color: 'gray' },
};

function Section({ title, children, count }: { title: string; children: ReactNode; count?: number }) {
  const id = `section-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '5' }}>
      <Heading as="h2" id={id} size="md" mb="3">
        {title}
        {count !== undefined ? (
          <Text as="span" color="gray.600" fontWeight="normal">
            {' '}
            ({count})
          </Text>
        ) : null}
      </Heading>
      {children}
    </Box>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <Text color="gray.700">{children}</Text>;
}

function Profile({ customer }: { customer: StaffCustomerDetail }) {
  const [correcting, setCorrecting] = useState(false);
  return (
    <>
      <ProfileFacts customer={customer} />
      <Button mt="4" size="sm" variant="outline" onClick={() => setCorrecting(true)}>
        Correct name, e-mail or mobile
      </Button>
      <Suspense fallback={null}>
        {correcting ? (
          <CorrectProfileDialog
            customer={customer}
            onClose={() => setCorrecting(false)}
            onSaved={(what) => {
              notify.success(`Corrected the ${what}.`);
              setCorrecting(false);
            }}
          />
        ) : null}
      </Suspense>
    </>
  );
}

function ProfileFacts({ customer }: { customer: StaffCustomerDetail }) {
  const rows: [string, ReactNode][] = [
    [
      'E-mail',
      customer.email ? (
        <>
          <Text as="span" overflowWrap="anywhere">
            {customer.email}
          </Text>{' '}
          {customer.emailVerified ? null : <Badge colorPalette="orange">not confirmed</Badge>}
        </>
      ) : (
        'None given'
      ),
    ],
    ['Phone', customer.phone ?? 'None given'],
    ['Signed up', formatShopDateTime(customer.signedUpAt)],
    ['Sign-in', customer.signedIn ? 'Has signed in' : 'Has not signed in yet'],
  ];
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: '8rem 1fr' }} columnGap="4" rowGap="1">
      {rows.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" color="gray.700" fontWeight="medium">
            {label}
          </Text>
          <Text as="dd" mb={{ base: '2', sm: '0' }}>
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

function Addresses({ customer }: { customer: StaffCustomerDetail }) {
  if (customer.addresses.length === 0) return <Empty>No delivery address yet.</Empty>;
  return (
    <Stack as="ul" listStyleType="none" gap="3">
      {customer.addresses.map(({ source, lastUsedAt, address }) => (
        <Box as="li" key={`${source}-${lastUsedAt}-${address.line1}`}>
          <Text fontWeight="semibold">
            {address.name}, {address.phone}{' '}
            <Badge colorPalette={source === 'saved' ? 'blue' : 'gray'}>{source === 'saved' ? 'Saved' : 'Used for an order'}</Badge>
          </Text>
          <Text>
            {[address.line1, address.line2, address.city, `${address.state} ${address.pincode}`].filter(Boolean).join(', ')}
          </Text>
          <Text fontSize="sm" color="gray.700">
            {source === 'saved' ? 'Saved' : 'Last used'} {formatShopDate(lastUsedAt)}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

function Orders({ customer }: { customer: StaffCustomerDetail }) {
  if (customer.orders.length === 0) return <Empty>No orders yet.</Empty>;
  return (
    <Stack as="ul" listStyleType="none" gap="4">
      {customer.orders.map((order) => {
        const status = ORDER_STATUS[order.status] ?? { label: order.status, color: 'gray' };
        return (
          <Box as="li" key={order._id} borderTopWidth="1px" borderColor="gray.100" pt="3">
            <Flex gap="2" wrap="wrap" align="baseline">
              <Text fontWeight="semibold">
                Order{' '}
                <Link to="/admin/order" search={{ id: order._id }} style={{ textDecoration: 'underline' }}>
                  {order.number}
                </Link>
              </Text>
              <Badge colorPalette={status.color}>{status.label}</Badge>
              <Text color="gray.700">placed {formatShopDateTime(order.createdAt)}</Text>
            </Flex>
            <Text>
              {order.items.join(', ')}: {formatRupees(order.price)}
              {order.coupon ? ` with ${order.coupon} (list price ${formatRupees(order.actual_price)})` : ''}
            </Text>
            {order.invoiceNumber ? (
              <Text fontSize="sm">
                Invoice {order.invoiceNumber}
                {order.paidAt ? `, paid ${formatShopDateTime(order.paidAt)}` : ''}
              </Text>
            ) : null}
            {order.payments.length > 0 ? (
              <Box as="ul" fontSize="sm" color="gray.700" ps="4" listStyleType="disc">
                {order.payments.map((payment) => (
                  <li key={`${payment.createdAt}-${payment.paymentId ?? ''}`}>
                    {payment.provider === 'test' ? 'Test gateway' : payment.provider === 'razorpay' ? 'Razorpay' : payment.provider}:{' '}
                    {formatRupees(payment.amount)} {payment.status}
                    {payment.paymentId ? ` (${payment.paymentId})` : ''}, {formatShopDateTime(payment.paidAt ?? payment.createdAt)}
                  </li>
                ))}
              </Box>
            ) : null}
          </Box>
        );
      })}
    </Stack>
  );
}

function Kits({ customer }: { customer: StaffCustomerDetail }) {
  if (customer.kits.length === 0) return <Empty>No kits yet.</Empty>;
  return (
    <Stack as="ul" listStyleType="none" gap="4">
      {customer.kits.map(({ boxCode, kit }) => (
        <Box as="li" key={kit._id} borderTopWidth="1px" borderColor="gray.100" pt="3">
          <Flex gap="2" wrap="wrap" align="baseline">
            <Text fontWeight="semibold">{kit.name}</Text>
            <Text fontFamily="mono">{boxCode}</Text>
            <Badge colorPalette="blue">{kit.claim === 'activatedByAnother' && kit.state === 'activated' ? 'Activated by another account' : KIT_JOURNEY_LABELS[kit.state]}</Badge>
            {kit.claim === 'given' ? <Badge colorPalette="gray">Bought by another customer</Badge> : null}
          </Flex>
          <Box as="ol" fontSize="sm" color="gray.700" ps="4" listStyleType="decimal" aria-label={`Journey of the ${kit.name} kit ${boxCode}`}>
            {kit.timeline.map((step) => (
              <li key={`${step.state}-${step.at}`}>
                {KIT_JOURNEY_LABELS[step.state]}, {formatShopDateTime(step.at)}
              </li>
            ))}
          </Box>
          {kit.reportUrl ? (
            <Text fontSize="sm">
              <a href={kit.reportUrl} target="_blank" rel="noreferrer" style={{ textDecoration: 'underline' }}>
                Open the report
              </a>
            </Text>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}

function Questionnaires({ customer }: { customer: StaffCustomerDetail }) {
  if (customer.questionnaireResults.length === 0) return <Empty>No questionnaire results.</Empty>;
  return <ScoreHistory results={customer.questionnaireResults} showAnswers headingLevel="h3" />;
}

function Notes({ customer }: { customer: StaffCustomerDetail }) {
  const addNote = useAddNote(customer._id);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useShopForm({
    defaultValues: { body: '' },
    onSubmit: async ({ value, formApi }) => {
      setFailure(null);
      try {
        await addNote.mutateAsync(value.body.trim());
        formApi.reset();
      } catch (error) {
        setFailure(failureMessage(error) ?? 'The note could not be saved. Please try again.');
      }
    },
  });
  return (
    <Stack gap="4">
      <form.AppForm>
        <form.Form label="Add a note">
          <Stack gap="3">
            <form.Field name="body" validators={{ onSubmit: noteSchema }}>
              {(field) => {
                const error = firstError(field.state.meta.errors);
                return (
                  <Field.Root invalid={Boolean(error)}>
                    <Field.Label htmlFor="customer-note">New note</Field.Label>
                    <Input asChild minH="5rem" py="2">
                      <textarea
                        id="customer-note"
                        name={field.name}
                        value={field.state.value}
                        maxLength={NOTE_MAX}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? 'customer-note-help customer-note-error' : 'customer-note-help'}
                        onChange={(event) => field.handleChange(event.target.value)}
                        onBlur={field.handleBlur}
                      />
                    </Input>
                    <Field.HelperText id="customer-note-help">Kept with your name and the time; notes cannot be edited later.</Field.HelperText>
                    {error ? <Field.ErrorText id="customer-note-error">{error}</Field.ErrorText> : null}
                  </Field.Root>
                );
              }}
            </form.Field>
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <Box>
              <form.SubmitButton colorPalette="brand" loadingText="Saving…">
                Add note
              </form.SubmitButton>
            </Box>
          </Stack>
        </form.Form>
      </form.AppForm>
      {customer.notes.length === 0 ? (
        <Empty>No notes yet.</Empty>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" data-testid="customer-notes">
          {customer.notes.map((note) => (
            <Box as="li" key={note._id} borderLeftWidth="3px" borderColor="brand.200" ps="3">
              <Text whiteSpace="pre-wrap">{note.body}</Text>
              <Text fontSize="sm" color="gray.700">
                {note.author ?? 'A former team member'}, {formatShopDateTime(note.createdAt)}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function History({ customer }: { customer: StaffCustomerDetail }) {
  if (customer.history.length === 0) return <Empty>Nothing recorded yet.</Empty>;
  return (
    <Stack as="ul" listStyleType="none" gap="2" fontSize="sm">
      {customer.history.map((entry) => (
        <li key={entry._id}>
          <Text as="span" fontWeight="medium">
            {entry.action}
          </Text>{' '}
          by {entry.actor ?? (entry.actorRole ? 'a former team member' : 'the shop')}
          {entry.ip ? ` from ${entry.ip}` : ''}, {formatShopDateTime(entry.at)}
          {entry.reason ? `: “${entry.reason}”` : ''}
        </li>
      ))}
    </Stack>
  );
}

/** A customer in full; the back link returns to `list`. */
export function CustomerDetailPage({ id, list }: { id: string | undefined; list: CustomerListId }) {
  const customer = useCustomer(id);
  const { path: backTo, title: backLabel } = CUSTOMER_LISTS[list];
  const back = (
    <Button asChild variant="ghost" size="sm" mb="4" ps="0">
      <Link to={backTo}>← {backLabel}</Link>
    </Button>
  );
  let body: ReactNode;
  if (!id) body = <Empty>No customer was chosen. Pick one from the list.</Empty>;
  else if (customer.isPending) body = <PageSpinner label="Loading the customer…" />;
  else if (customer.isError) body = <DataLoadFailure what="this customer" error={customer.error} onRetry={() => void customer.refetch()} />;
  else {
    const data = customer.data;
    body = (
      <>
        <Heading as="h1" size="2xl" mb="1">
          {data.fullname.trim() || 'No name given'}
        </Heading>
        <Text color="gray.700" mb="6">
          Customer since {formatShopDate(data.signedUpAt)}
        </Text>
        <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="5">
          <Section title="Profile">
            <Profile customer={data} />
          </Section>
          <Section title="Addresses" count={data.addresses.length}>
            <Addresses customer={data} />
          </Section>
          <Section title="Orders" count={data.orders.length}>
            <Orders customer={data} />
          </Section>
          <Section title="Kits" count={data.kits.length}>
            <Kits customer={data} />
          </Section>
          <Section title="Questionnaires" count={data.questionnaireResults.length}>
            <Questionnaires customer={data} />
          </Section>
          <Section title="Notes" count={data.notes.length}>
            <Notes customer={data} />
          </Section>
          <Box gridColumn={{ lg: 'span 2' }}>
            <SentMessages of="customer" id={data._id} />
          </Box>
          <Box gridColumn={{ lg: 'span 2' }}>
            <Section title="History" count={data.history.length}>
              <History customer={data} />
            </Section>
          </Box>
        </Box>
      </>
    );
  }
  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      {back}
      {body}
    </Box>
  );
}
