import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { Fragment, lazy, Suspense, useState, type ReactNode } from 'react';
import { KIT_JOURNEY_LABELS } from '../../../../../machines/kit-journey';
import { formatRupees } from '../../../../../machines/pricing';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { DownloadButton } from '@/components/ui/DownloadButton';
import { FormAlert } from '@/components/ui/fields';
import { notify } from '@/components/ui/notices';
import { formatShopDateTime } from '@/lib/dates';
import { HEADER_HEIGHT_PX } from '@/theme/system';
import { failureMessage } from '@/lib/failure';
import { SentMessages } from '../../sent-messages/components/SentMessages';
import { CUSTOMER_LISTS } from '../../customers/lists';
import {
  downloadCreditNote,
  downloadInvoice,
  downloadKitReport,
  useCancelStaffOrder,
  useCorrectShipment,
  useJourneyStep,
  useWithdrawReport,
  useBookShipment,
  useRefundOrder,
  useStaffOrder,
  type CounterPaymentMethod,
  type OrderJourneyStep,
  type StaffKit,
  type StaffOrder,
  type StaffRefund,
} from '../api/order';
import { ORDER_STATUS_COLOR, ORDER_STATUS_LABEL, PAYMENT_STATUS_LABEL } from './labels';
import { OrderAddressCorrection, ReplacementAddress } from './AddressCorrections';
import { QcFailForm, ReportForm, ShipForm } from './StepForms';
import { ParcelList } from './ParcelList';
import { stepMessage } from './customer-messages';

// The confirmation (a dialog with its form) arrives when it is first asked for, not with the page.
const ReasonDialog = lazy(() => import('./ReasonDialog').then((module) => ({ default: module.ReasonDialog })));
const RefundDialog = lazy(() => import('./RefundDialog').then((module) => ({ default: module.RefundDialog })));
const StepConfirmDialog = lazy(() => import('./StepConfirmDialog').then((module) => ({ default: module.StepConfirmDialog })));
const ShipmentDialog = lazy(() => import('./ShipmentDialog').then((module) => ({ default: module.ShipmentDialog })));

/** How each step that e-mails the customer is asked and confirmed. */
const STEP_CONFIRM: Record<OrderJourneyStep['step'], { title: (kits: string) => string; confirm: string; busy: string; done: string }> = {
  ship: { title: (kits) => `Ship ${kits}?`, confirm: 'Mark shipped', busy: 'Shipping…', done: 'Marked shipped; the customer is e-mailed the tracking number.' },
  deliver: { title: (kits) => `Mark ${kits} delivered?`, confirm: 'Mark delivered', busy: 'Saving…', done: 'Marked delivered; the customer is e-mailed how to activate.' },
  receiveSample: {
    title: (kits) => `Sample of ${kits} received at the lab?`,
    confirm: 'Sample received',
    busy: 'Saving…',
    done: 'Sample received; the customer is told the lab has it.',
  },
  publishReport: { title: (kits) => `Publish the report of ${kits}?`, confirm: 'Publish the report', busy: 'Publishing…', done: 'Report published; the customer is told it is ready.' },
  failQc: {
    title: (kits) => `Sample of ${kits} failed quality control?`,
    confirm: 'QC failed: send a new kit',
    busy: 'Saving…',
    done: 'Recorded; a new kit is ready to ship and the customer is told.',
  },
};

/** What a step does, for staff, before the message it sends. */
function stepWhat(body: OrderJourneyStep): string {
  switch (body.step) {
    case 'ship':
      return `Marked shipped with ${body.courier ?? ''}, tracking number ${body.trackingNumber ?? ''}, which the customer then sees.`;
    case 'deliver':
      return 'The kit is marked delivered; its owner can activate it.';
    case 'receiveSample':
      return 'The kit is marked as its sample received at the lab.';
    case 'publishReport':
      return body.reportPdf ? 'The uploaded PDF becomes the customer’s report at once.' : `The customer’s report links to ${body.reportUrl ?? ''} at once.`;
    case 'failQc':
      return `What the lab found: ${body.reason ?? ''}. A new kit with a code of its own is made, ready to ship.`;
  }
}

/** The shipped e-mail a booking sends, before the courier and AWB are known. */
function courierMessage(orderNumber: string, kits: StaffKit[]) {
  const message = stepMessage({ orderNumber, kits: kits.map((kit) => kit.name), step: { step: 'ship' } });
  return message && { ...message, gist: 'The courier and AWB the courier service gives, to follow the parcel on the courier’s website.' };
}

const REFUND_RULE = 'A kit is refunded in full until its sample reaches the lab, or when the lab cannot analyse it; never once its report is ready.';

const EVENT_LABEL: Record<StaffOrder['timeline'][number]['status'], string> = {
  placed: 'Order placed',
  payment_failed: 'Payment attempt declined',
  paid: 'Payment received',
  cancelled: 'Order cancelled',
  expired: 'Cancelled: not paid in time',
  refunded: 'Refund made',
};

/**
 * Room above the ship form or the kits when a work queue's link opens the page at them (#ship, #kits), so that the
 * sticky header (and the offer strip above it, which may wrap to two lines on a phone) does not cover their heading.
 */
const STEP_SCROLL_MARGIN = `${HEADER_HEIGHT_PX + 72}px`;

const kitLabel = (kit: StaffKit) => `${kit.name} (${kit.boxCode})`;

const PAID_AT_COUNTER: Record<CounterPaymentMethod, string> = { cash: 'in cash', upi: 'by UPI', card: 'by card' };

/** How a refund's money went back, with its reference. */
function moneyBackWords(refund: StaffRefund): string {
  switch (refund.method) {
    case 'gateway':
      return `Gateway refund ${refund.gatewayRefundId ?? ''}`.trim();
    case 'cash':
      return 'Cash handed back at the counter';
    case 'upi':
      return `UPI transfer${refund.reference ? `, reference ${refund.reference}` : ''}`;
    case 'card_reversal':
      return `Card reversal${refund.reference ? `, approval code ${refund.reference}` : ''}`;
  }
}

/** The staff member's internal note on a refund, which only the audit log keeps. */
function internalNoteOf(after: unknown): string | null {
  if (typeof after !== 'object' || after === null || !('internalNote' in after)) return null;
  return typeof after.internalNote === 'string' && after.internalNote ? after.internalNote : null;
}

/** Why a kit cannot be refunded, as the server would say it. */
function noRefundReason(kit: StaffKit): string | null {
  if (kit.allowedSteps.includes('refund')) return null;
  if (kit.state === 'sampleReceived') return 'Not refundable: the sample is at the lab.';
  if (kit.state === 'reportReady') return 'Not refundable: the report is ready.';
  return null;
}

function Section({ title, children, testId, id, scrollMarginTop }: { title: string; children: ReactNode; testId?: string; id?: string; scrollMarginTop?: string }) {
  return (
    <Box as="section" id={id} scrollMarginTop={scrollMarginTop} aria-label={title} borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '5' }} data-testid={testId}>
      <Heading as="h2" size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr', sm: '11rem 1fr' }} columnGap="4" rowGap="1">
      {rows.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text as="dt" color="gray.600">
            {label}
          </Text>
          <Text as="dd" mb={{ base: '2', sm: '0' }} overflowWrap="anywhere">
            {value}
          </Text>
        </Box>
      ))}
    </Box>
  );
}

type Confirmation =
  | { kind: 'refund'; kits: StaffKit[] | null }
  | { kind: 'cancel' }
  | { kind: 'step'; body: OrderJourneyStep; kits: StaffKit[]; file: File | null }
  | { kind: 'shipment'; kits: StaffKit[] }
  | { kind: 'book'; kits: StaffKit[] }
  | { kind: 'withdraw'; kit: StaffKit };

function KitPanel({
  kit,
  order,
  busy,
  step,
  onRefund,
  onCorrectShipment,
  onWithdraw,
}: {
  kit: StaffKit;
  order: StaffOrder;
  busy: boolean;
  step: (step: OrderJourneyStep, file?: File | null) => Promise<unknown>;
  onRefund: () => void;
  onCorrectShipment: () => void;
  onWithdraw: () => void;
}) {
  const allowed = new Set(kit.allowedSteps);
  // A kit handed over at a counter never went by courier: its "delivered" is the hand-over.
  const atCounter = order.payments.some((payment) => payment.provider === 'offline' && payment.status === 'paid') && !kit.shipment;
  const stateLabel = (state: StaffKit['state']) => (atCounter && state === 'delivered' ? 'Handed over at the counter' : KIT_JOURNEY_LABELS[state]);
  const replaces = kit.replacesKitId ? order.kits.find((other) => other._id === kit.replacesKitId) : undefined;
  const refusal = noRefundReason(kit);
  return (
    <Box as="article" aria-label={kitLabel(kit)} borderWidth="1px" borderColor="gray.200" rounded="md" p="4" data-testid="staff-kit">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap" mb="2">
        <Heading as="h3" size="sm">
          {kitLabel(kit)}
        </Heading>
        <Badge colorPalette={kit.state === 'refunded' ? 'gray' : kit.state === 'reportReady' ? 'green' : 'brand'} data-testid="staff-kit-state">
          {stateLabel(kit.state)}
        </Badge>
      </Flex>
      <Facts
        rows={[
          ['Value', formatRupees(kit.value)],
          ...(kit.heldBy
            ? [
                [
                  'Activated by',
                  <Fragment key="holder">
                    <Link to={CUSTOMER_LISTS.all.detailPath} search={{ id: kit.heldBy._id }} style={{ textDecoration: 'underline' }}>
                      {kit.heldBy.fullname ?? 'Erased account'}
                    </Link>
                    , not the buyer: the sample, its report and the lab’s e-mails are theirs
                  </Fragment>,
                ] as [string, ReactNode],
              ]
            : []),
          ...(kit.shipment ? [['Shipped with', `${kit.shipment.courier}, tracking number ${kit.shipment.trackingNumber}`] as [string, ReactNode]] : []),
          ...(kit.reportUrl
            ? [
                [
                  'Report',
                  <a key="report" href={kit.reportUrl} target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }}>
                    {kit.reportUrl}
                  </a>,
                ] as [string, ReactNode],
              ]
            : []),
          ...(kit.reportPdf ? [['Report', 'PDF uploaded; the customer downloads it from their dashboard'] as [string, ReactNode]] : []),
          ...(replaces ? [['Replaces', kitLabel(replaces)] as [string, ReactNode]] : []),
        ]}
      />
      <ReplacementAddress order={order} kit={kit} />
      <Box as="ol" listStyleType="none" mt="2" fontSize="sm" color="gray.700" aria-label={`Journey of ${kitLabel(kit)}`}>
        {kit.timeline.map((event, index) => (
          <li key={`${event.state}-${index}`}>
            {stateLabel(event.state)}: {formatShopDateTime(event.at)}
          </li>
        ))}
      </Box>
      <Stack gap="3" mt="3">
        <Flex gap="2" wrap="wrap">
          {allowed.has('deliver') ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void step({ step: 'deliver', kitIds: [kit._id] })}>
              Mark delivered
            </Button>
          ) : null}
          {allowed.has('receiveSample') ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={() => void step({ step: 'receiveSample', kitIds: [kit._id] })}>
              Sample received at the lab
            </Button>
          ) : null}
          {allowed.has('correctTracking') && kit.shipment ? (
            <Button size="sm" variant="outline" disabled={busy} onClick={onCorrectShipment}>
              Correct the tracking number
            </Button>
          ) : null}
          {kit.reportPdf ? (
            <DownloadButton
              size="sm"
              variant="outline"
              label="Open the report PDF"
              busyLabel="Opening the report…"
              download={() =>
                downloadKitReport(order._id, kit).catch((failure: unknown) => {
                  throw new Error(failureMessage(failure) ?? 'The report could not be opened. Please try again.');
                })
              }
            />
          ) : null}
          {allowed.has('withdrawReport') ? (
            <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={onWithdraw}>
              Withdraw this report
            </Button>
          ) : null}
          {allowed.has('refund') && order.status === 'paid' ? (
            <Button size="sm" variant="outline" colorPalette="red" disabled={busy} onClick={onRefund}>
              Refund this kit ({formatRupees(kit.value)})
            </Button>
          ) : null}
        </Flex>
        {refusal ? (
          <Text fontSize="sm" color="gray.700">
            {refusal}
          </Text>
        ) : null}
        {allowed.has('publishReport') ? (
          <ReportForm kit={kitLabel(kit)} onPublish={(report, file) => step({ step: 'publishReport', kitIds: [kit._id], ...report }, file)} />
        ) : null}
        {allowed.has('failQc') ? <QcFailForm kit={kitLabel(kit)} onFail={(reason) => step({ step: 'failQc', kitIds: [kit._id], reason })} /> : null}
      </Stack>
    </Box>
  );
}

function RefundRow({ order, refund }: { order: StaffOrder; refund: StaffRefund }) {
  const [error, setError] = useState<string | null>(null);
  const kits = refund.kitIds.map((id) => order.kits.find((kit) => kit._id === id)?.name ?? 'A kit').join(', ');
  return (
    <Box as="li" borderTopWidth="1px" borderColor="gray.100" py="2">
      <Text>
        <strong>{formatRupees(refund.amount)}</strong> for {kits}, {formatShopDateTime(refund.createdAt)}:{' '}
        {refund.method !== 'gateway'
          ? 'given back at the counter'
          : refund.status === 'processed'
            ? 'sent back'
            : refund.status === 'pending'
              ? 'on its way back'
              : 'the gateway could not send it back'}
      </Text>
      <Text fontSize="sm" color="gray.600">
        Reason: {refund.reason} · {moneyBackWords(refund)}
      </Text>
      <Button
        size="sm"
        variant="outline"
        mt="1"
        onClick={() => {
          setError(null);
          downloadCreditNote(order._id, refund).catch((failure: unknown) => setError(failureMessage(failure) ?? 'The credit note could not be downloaded. Please try again.'));
        }}
      >
        Download credit note {refund.creditNoteNumber}
      </Button>
      {error ? (
        <Text role="alert" color="red.700" mt="1">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

function OrderView({ order }: { order: StaffOrder }) {
  const journey = useJourneyStep(order._id);
  const refund = useRefundOrder(order._id);
  const cancel = useCancelStaffOrder(order._id);
  const correctShipment = useCorrectShipment(order._id);
  const withdrawReport = useWithdrawReport(order._id);
  const bookShipment = useBookShipment(order._id);
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  // One key per confirmation: pressing again, or a retry after no answer, refunds once.
  const [refundKey, setRefundKey] = useState('');
  const busy = journey.isPending || refund.isPending || cancel.isPending || correctShipment.isPending || withdrawReport.isPending || bookShipment.isPending;
  // Each step that e-mails the customer is confirmed first, showing what they will receive; a refusal shows in the
  // confirmation, and the form that asked for the step keeps what was typed.
  const step = (body: OrderJourneyStep, file: File | null = null) => {
    journey.reset();
    const kits = order.kits.filter((kit) => (body.kitIds ? body.kitIds.includes(kit._id) : !['refunded', 'cancelled', 'replaced'].includes(kit.state)));
    setConfirming({ kind: 'step', body, kits, file });
    return Promise.resolve();
  };
  /** The kits shipped in the same parcel as `kit`, whose tracking number is corrected together. */
  const askCorrectShipment = (kit: StaffKit) => {
    correctShipment.reset();
    const parcel = order.kits.filter(
      (other) =>
        other.allowedSteps.includes('correctTracking') &&
        other.shipment?.courier === kit.shipment?.courier &&
        other.shipment?.trackingNumber === kit.shipment?.trackingNumber,
    );
    setConfirming({ kind: 'shipment', kits: parcel });
  };
  const toShip = order.kits.filter((kit) => kit.allowedSteps.includes('ship'));
  const refundable = order.kits.filter((kit) => kit.allowedSteps.includes('refund'));
  const closedKits = new Set(['refunded', 'cancelled', 'replaced']);
  const openKits = order.kits.filter((kit) => !closedKits.has(kit.state));
  const wholeRefundBlocked = openKits.some((kit) => !kit.allowedSteps.includes('refund'));
  const customer = order.customer;
  const a = order.address;
  const paidAtCounter = order.payments.find((payment) => payment.status === 'paid' && payment.provider === 'offline')?.method ?? null;

  const askRefund = (kits: StaffKit[] | null) => {
    refund.reset();
    setRefundKey(crypto.randomUUID());
    setConfirming({ kind: 'refund', kits });
  };
  const refundKits = confirming?.kind === 'refund' ? (confirming.kits ?? refundable) : [];
  const refundAmount = refundKits.reduce((sum, kit) => sum + kit.value, 0);

  return (
    <Stack gap="5">
      <Flex as="dl" gap="2" columnGap="4" wrap="wrap" align="center" data-testid="staff-order-status">
        <Flex gap="2" align="center">
          <Text as="dt" fontWeight="600">
            Order
          </Text>
          <Badge as="dd" colorPalette={ORDER_STATUS_COLOR[order.status]}>
            {ORDER_STATUS_LABEL[order.status]}
          </Badge>
        </Flex>
        <Flex gap="2" align="center">
          <Text as="dt" fontWeight="600">
            Payment
          </Text>
          <Badge as="dd" colorPalette="gray">
            {PAYMENT_STATUS_LABEL[order.paymentStatus]}
          </Badge>
        </Flex>
      </Flex>
      <Section title="Order">
        <Facts
          rows={[
            [
              'Customer',
              <>
                <Link to={CUSTOMER_LISTS.all.detailPath} search={{ id: customer._id }} style={{ textDecoration: 'underline' }} data-testid="staff-order-customer">
                  {customer.fullname ?? 'Erased account'}
                </Link>
                {[customer.email, customer.phone].filter(Boolean).map((detail) => ` · ${detail}`)}
              </>,
            ],
            ['Placed', formatShopDateTime(order.createdAt)],
            ['Paid', order.paidAt ? formatShopDateTime(order.paidAt) : 'Not paid'],
            ['Invoice', order.invoice ? `${order.invoice.number} of ${order.invoice.date}` : 'None: an invoice is made once the order is paid'],
            ['Kits', order.items.map((item) => `${item.name} ${formatRupees(item.price)}`).join(', ')],
            ['Value', formatRupees(order.actual_price)],
            ...(order.coupon ? [['Coupon', `${order.coupon} (${order.discountInPercentage}%, −${formatRupees(order.discount)})`] as [string, ReactNode]] : []),
            ['Total (GST included)', formatRupees(order.price)],
            ...(order.refundedAmount > 0 ? [['Refunded', formatRupees(order.refundedAmount)] as [string, ReactNode]] : []),
            ['Deliver to', `${a.name}, ${a.line1}${a.line2 ? `, ${a.line2}` : ''}, ${a.city}, ${a.state} ${a.pincode} · +91 ${a.phone}`],
          ]}
        />
        <OrderAddressCorrection order={order} />
        {order.invoice ? (
          <Box mt="4">
            <DownloadButton
              variant="outline"
              label={`Download invoice ${order.invoice.number}`}
              busyLabel="Preparing the invoice…"
              download={() =>
                downloadInvoice(order).catch((failure: unknown) => {
                  throw new Error(failureMessage(failure) ?? 'The invoice could not be downloaded. Please try again.');
                })
              }
            />
          </Box>
        ) : null}
        {order.status === 'pending' ? (
          <Button mt="4" variant="outline" colorPalette="red" onClick={() => {
              cancel.reset();
              setConfirming({ kind: 'cancel' });
            }}>
            Cancel this unpaid order
          </Button>
        ) : null}
      </Section>

      <Section title="Kits" testId="staff-kits" id="kits" scrollMarginTop={STEP_SCROLL_MARGIN}>
        {journey.isError && !confirming ? (
          <Box mb="4">
            <FormAlert>{failureMessage(journey.error) ?? 'The step could not be recorded. Please try again.'}</FormAlert>
          </Box>
        ) : null}
        {order.kits.length === 0 ? (
          <Text color="gray.700">Kits are made when the order is paid.</Text>
        ) : (
          <Stack gap="4">
            {toShip.length > 0 ? (
              <Box bg="gray.50" rounded="md" p="3" id="ship" scrollMarginTop={STEP_SCROLL_MARGIN}>
                <Text fontWeight="semibold" mb="2">
                  Ship {toShip.length === 1 ? kitLabel(toShip[0]!) : `${toShip.length} kits together`}
                </Text>
                {order.courierBooking ? (
                  <Box mb="3">
                    <Text mb="2">The courier service checks that it delivers to PIN {a.pincode}, books the parcel and its pickup, and gives the label to print.</Text>
                    <Button
                      colorPalette="brand"
                      disabled={busy}
                      onClick={() => {
                        bookShipment.reset();
                        setConfirming({ kind: 'book', kits: toShip });
                      }}
                    >
                      Book the courier
                    </Button>
                    <Text mt="3" fontWeight="semibold">
                      Or ship with another courier
                    </Text>
                  </Box>
                ) : null}
                <ShipForm kits={toShip.map(kitLabel).join(', ')} onShip={(parcel) => step({ step: 'ship', kitIds: toShip.map((kit) => kit._id), ...parcel })} />
              </Box>
            ) : null}
            <ParcelList order={order} />
            {order.kits.map((kit) => (
              <KitPanel
                key={kit._id}
                kit={kit}
                order={order}
                busy={busy}
                step={step}
                onRefund={() => askRefund([kit])}
                onCorrectShipment={() => askCorrectShipment(kit)}
                onWithdraw={() => {
                  withdrawReport.reset();
                  setConfirming({ kind: 'withdraw', kit });
                }}
              />
            ))}
          </Stack>
        )}
      </Section>

      {order.status === 'paid' || order.refunds.length > 0 ? (
        <Section title="Refunds" testId="staff-refunds">
          <Text color="gray.700" mb="3">
            {REFUND_RULE}
          </Text>
          {order.status === 'paid' && refundable.length > 0 ? (
            <Box mb="3">
              <Button colorPalette="red" variant="outline" disabled={busy || wholeRefundBlocked} onClick={() => askRefund(null)}>
                Refund the whole order ({formatRupees(refundable.reduce((sum, kit) => sum + kit.value, 0))})
              </Button>
              {wholeRefundBlocked ? (
                <Text fontSize="sm" color="gray.700" mt="1">
                  Not every kit can be refunded any more: refund the kits one by one.
                </Text>
              ) : null}
            </Box>
          ) : null}
          {order.refunds.length > 0 ? (
            <Box as="ul" listStyleType="none">
              {order.refunds.map((made) => (
                <RefundRow key={made._id} order={order} refund={made} />
              ))}
            </Box>
          ) : (
            <Text color="gray.700">No refunds yet.</Text>
          )}
        </Section>
      ) : null}

      <Section title="Payments">
        {order.payments.length === 0 ? (
          <Text color="gray.700">No payment was started.</Text>
        ) : (
          <Box as="ul" listStyleType="none">
            {order.payments.map((payment) => (
              <Text as="li" key={payment._id} overflowWrap="anywhere">
                {payment.method ? (
                  <>
                    {formatRupees(payment.amount)} paid at a counter {PAID_AT_COUNTER[payment.method]} ·{' '}
                  </>
                ) : (
                  <>
                    {formatRupees(payment.amount)} through the {payment.provider} gateway, {payment.status} · {payment.gatewayPaymentId ?? payment.gatewayOrderId} ·{' '}
                  </>
                )}
                {formatShopDateTime(payment.paidAt ?? payment.failedAt ?? payment.createdAt)}
              </Text>
            ))}
          </Box>
        )}
      </Section>

      <Section title="Timeline" testId="staff-timeline">
        <Box as="ol" listStyleType="none">
          {order.timeline.map((event, index) => (
            <li key={`${event.status}-${index}`}>
              {EVENT_LABEL[event.status]}: {formatShopDateTime(event.at)}
            </li>
          ))}
        </Box>
        <Heading as="h3" size="sm" mt="4" mb="2">
          Staff and shop actions
        </Heading>
        {order.audit.length === 0 ? (
          <Text color="gray.700">Nothing recorded yet.</Text>
        ) : (
          <Box as="ol" listStyleType="none" data-testid="staff-audit">
            {order.audit.map((entry) => (
              <Box as="li" key={entry._id} borderTopWidth="1px" borderColor="gray.100" py="1.5">
                <Text>
                  <strong>{entry.action}</strong> by {entry.actor ?? 'the shop'}
                  {entry.actorRole ? ` (${entry.actorRole})` : ''}, {formatShopDateTime(entry.at)}
                  {entry.ip ? ` from ${entry.ip}` : ''}
                </Text>
                {entry.reason ? (
                  <Text fontSize="sm" color="gray.700">
                    Reason: {entry.reason}
                  </Text>
                ) : null}
                {internalNoteOf(entry.after) ? (
                  <Text fontSize="sm" color="gray.700">
                    Internal note: {internalNoteOf(entry.after)}
                  </Text>
                ) : null}
              </Box>
            ))}
          </Box>
        )}
      </Section>

      <SentMessages of="order" id={order._id} />

      <Suspense fallback={null}>
        {confirming?.kind === 'refund' ? (
          <RefundDialog
            title={confirming.kits ? `Refund ${kitLabel(confirming.kits[0]!)}?` : `Refund order ${order.number}?`}
            amount={formatRupees(refundAmount)}
            kits={refundKits.map((kit) => kit.name).join(', ')}
            paidAtCounter={paidAtCounter}
            busy={refund.isPending}
            error={refund.isError ? (failureMessage(refund.error) ?? 'The refund could not be made. Please try again.') : null}
            onClose={() => setConfirming(null)}
            onConfirm={(details) =>
              refund.mutate(
                { kitIds: confirming.kits?.map((kit) => kit._id), ...details, idempotencyKey: refundKey },
                {
                  onSuccess: () => {
                    notify.success(
                      paidAtCounter
                        ? `Recorded the refund of ${formatRupees(refundAmount)}; its credit note is issued.`
                        : `Refunded ${formatRupees(refundAmount)}; its credit note is issued.`,
                    );
                    setConfirming(null);
                  },
                },
              )
            }
          />
        ) : null}
        {confirming?.kind === 'step' ? (
          <StepConfirmDialog
            title={STEP_CONFIRM[confirming.body.step].title(confirming.kits.map(kitLabel).join(', '))}
            what={stepWhat(confirming.body)}
            message={stepMessage({ orderNumber: order.number, kits: confirming.kits.map((kit) => kit.name), step: confirming.body })}
            email={customer.email}
            file={confirming.file}
            confirmLabel={STEP_CONFIRM[confirming.body.step].confirm}
            busyLabel={STEP_CONFIRM[confirming.body.step].busy}
            busy={journey.isPending}
            error={journey.isError ? (failureMessage(journey.error) ?? 'The step could not be recorded. Please try again.') : null}
            onClose={() => setConfirming(null)}
            onConfirm={() =>
              journey.mutate(confirming.body, {
                onSuccess: () => {
                  notify.success(STEP_CONFIRM[confirming.body.step].done);
                  setConfirming(null);
                },
              })
            }
          />
        ) : null}
        {confirming?.kind === 'book' ? (
          <StepConfirmDialog
            title={`Ship ${confirming.kits.map(kitLabel).join(', ')} with the courier service?`}
            what={`The courier service checks that it delivers to PIN ${a.pincode}, then books the parcel and its pickup. The kits are marked shipped under the courier and AWB it chooses, which the customer then sees.`}
            message={courierMessage(order.number, confirming.kits)}
            email={customer.email}
            confirmLabel="Book and mark shipped"
            busyLabel="Booking the courier…"
            busy={bookShipment.isPending}
            error={bookShipment.isError ? (failureMessage(bookShipment.error) ?? 'The courier could not be booked. Please try again.') : null}
            onClose={() => setConfirming(null)}
            onConfirm={() =>
              bookShipment.mutate(
                confirming.kits.map((kit) => kit._id),
                {
                  onSuccess: (booked) => {
                    const parcel = booked.shipments.at(-1);
                    notify.success(parcel ? `Booked with ${parcel.courier}, AWB ${parcel.awb}; the customer is e-mailed it. The label is ready to print.` : 'Booked.');
                    setConfirming(null);
                  },
                },
              )
            }
          />
        ) : null}
        {confirming?.kind === 'shipment' && confirming.kits[0]?.shipment ? (
          <ShipmentDialog
            kits={confirming.kits.map(kitLabel).join(', ')}
            orderNumber={order.number}
            email={customer.email}
            current={confirming.kits[0].shipment}
            busy={correctShipment.isPending}
            error={correctShipment.isError ? (failureMessage(correctShipment.error) ?? 'The tracking number could not be corrected. Please try again.') : null}
            onClose={() => setConfirming(null)}
            onConfirm={(values) =>
              correctShipment.mutate(
                { kitIds: confirming.kits.map((kit) => kit._id), ...values },
                {
                  onSuccess: () => {
                    notify.success(`Corrected to ${values.courier}, tracking number ${values.trackingNumber}; the customer is e-mailed it.`);
                    setConfirming(null);
                  },
                },
              )
            }
          />
        ) : null}
        {confirming?.kind === 'withdraw' ? (
          <ReasonDialog
            title={`Withdraw the report of ${kitLabel(confirming.kit)}?`}
            confirmLabel="Withdraw the report"
            busyLabel="Withdrawing…"
            busy={withdrawReport.isPending}
            error={withdrawReport.isError ? (failureMessage(withdrawReport.error) ?? 'The report could not be withdrawn. Please try again.') : null}
            onClose={() => setConfirming(null)}
            onConfirm={(reason) =>
              withdrawReport.mutate(
                { kitId: confirming.kit._id, reason },
                {
                  onSuccess: () => {
                    notify.success(`The report of ${kitLabel(confirming.kit)} is withdrawn; the kit waits at the lab for its own report.`);
                    setConfirming(null);
                  },
                },
              )
            }
          >
            <Text>
              For a report published on the wrong kit. The customer can no longer open it, from now on; its link and PDF are removed, and the
              kit goes back to “Sample received at the lab”, waiting for its own report. Nothing is sent to the customer.
            </Text>
          </ReasonDialog>
        ) : null}
        {confirming?.kind === 'cancel' ? (
          <ReasonDialog
            title={`Cancel order ${order.number}?`}
            confirmLabel="Cancel the order"
            busyLabel="Cancelling…"
            busy={cancel.isPending}
            error={cancel.isError ? (failureMessage(cancel.error) ?? 'The order could not be cancelled. Please try again.') : null}
            onClose={() => setConfirming(null)}
            onConfirm={(reason) =>
              cancel.mutate(reason, {
                onSuccess: () => {
                  notify.success(`Order ${order.number} is cancelled; its coupon can be used again.`);
                  setConfirming(null);
                },
              })
            }
          >
            <Text>The order can no longer be paid, and its coupon can be used again. This cannot be undone.</Text>
          </ReasonDialog>
        ) : null}
      </Suspense>
    </Stack>
  );
}

function LoadedOrder({ id }: { id: string }) {
  const order = useStaffOrder(id);
  if (order.isPending) return <PageSpinner label="Loading the order…" />;
  if (order.isError) return <DataLoadFailure what="the order" error={order.error} onRetry={() => void order.refetch()} />;
  return (
    <>
      <PageTitle title={`Order ${order.data.number}`} />
      <OrderView order={order.data} />
    </>
  );
}

/** One order as staff see it: everything about it, and the steps its kits may take next. */
export function OrderPage({ id }: { id: string | undefined }) {
  return (
    <Box maxW="5xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <Text mb="2">
        <Link to="/admin/orders" style={{ textDecoration: 'underline' }}>
          All orders
        </Link>
      </Text>
      {id ? (
        <LoadedOrder id={id} />
      ) : (
        <>
          <PageTitle title="Order" />
          <Text>Choose an order from the list.</Text>
        </>
      )}
    </Box>
  );
}
