import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { couponKitNames, formatRupees } from '../../../../machines/pricing';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import { DownloadButton } from '@/components/ui/DownloadButton';
import { PriceSummary } from '@/components/ui/PriceSummary';
import { formatShopDateTime } from '@/lib/dates';
import { downloadCreditNote, downloadInvoice, useCancelOrder, type Order } from '../api/orders';
import { OrderItems } from './OrderItems';

const STATUS_LABEL: Record<Order['status'], string> = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};
const STATUS_COLOR: Record<Order['status'], string> = { pending: 'orange', paid: 'green', cancelled: 'gray', refunded: 'gray' };
const PAYMENT_LABEL: Record<Order['payment']['status'], string> = {
  unpaid: 'Not paid yet',
  failed: 'Last attempt failed; nothing was charged',
  paid: 'Paid',
};
const EVENT_LABEL: Record<Order['timeline'][number]['status'], string> = {
  placed: 'Order placed',
  payment_failed: 'Payment attempt failed',
  paid: 'Payment received',
  cancelled: 'Order cancelled',
  expired: 'Cancelled: not paid in time',
  refunded: 'Refunded',
};

/** The payment line: paid, and then what refunds gave back of it (all of it, or part). */
function paymentLine(order: Order): string {
  const refunded = order.refundedAmount ?? 0;
  if (order.payment.status !== 'paid' || refunded === 0) return PAYMENT_LABEL[order.payment.status];
  return refunded >= order.price ? 'Refunded' : `Paid, ${formatRupees(refunded)} refunded`;
}

export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  return <Badge colorPalette={STATUS_COLOR[status]}>{STATUS_LABEL[status]}</Badge>;
}

/** A refund does not undo the invoice: the credit note is issued against it. */
export function InvoiceButton({ order }: { order: Order }) {
  if (order.status !== 'paid' && order.status !== 'refunded') return null;
  return <DownloadButton variant="outline" label="Download GST invoice" busyLabel="Preparing the invoice…" download={() => downloadInvoice(order)} />;
}

function Shipments({ order }: { order: Order }) {
  if (!order.shipments?.length) return null;
  return (
    <Box data-testid="order-shipments">
      <Heading as="h3" size="sm" mb="1">
        Shipping
      </Heading>
      <Stack as="ul" listStyleType="none" gap="1">
        {order.shipments.map((shipment) => (
          <Text as="li" key={`${shipment.courier}-${shipment.trackingNumber}`}>
            {shipment.kits.join(', ')}: shipped with {shipment.courier}, tracking number <strong>{shipment.trackingNumber}</strong>
            {shipment.trackingUrl ? (
              <>
                {' · '}
                <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }}>
                  Follow the parcel
                </a>
              </>
            ) : null}
          </Text>
        ))}
      </Stack>
    </Box>
  );
}

function Refunds({ order }: { order: Order }) {
  if (!order.creditNotes?.length) return null;
  return (
    <Box data-testid="order-refunds">
      <Heading as="h3" size="sm" mb="1">
        Refunds
      </Heading>
      <Text color="gray.700" mb="2">
        {formatRupees(order.refundedAmount ?? 0)} refunded to the way you paid. Each refund has its GST credit note.
      </Text>
      <Stack gap="2">
        {order.creditNotes.map((note) => (
          <DownloadButton
            key={note.refundId}
            variant="outline"
            label={`Download credit note ${note.number} (${formatRupees(note.amount)})`}
            busyLabel="Preparing the credit note…"
            download={() => downloadCreditNote(order, note)}
          />
        ))}
      </Stack>
    </Box>
  );
}

function UnpaidActions({ order }: { order: Order }) {
  const cancel = useCancelOrder();
  const [asking, setAsking] = useState(false);
  const failure = cancel.isError ? (cancel.error instanceof Error ? cancel.error.message : 'The order could not be cancelled. Please try again.') : null;
  return (
    <Box>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3">
        <Button asChild colorPalette="brand">
          <Link to="/checkout" search={{ order: order._id }}>
            Pay {formatRupees(order.price)} now
          </Link>
        </Button>
        <Button
          variant="outline"
          onClick={() => {
            cancel.reset();
            setAsking(true);
          }}
        >
          Cancel this order
        </Button>
      </Stack>
      {asking ? (
        <ConfirmDialog
          title={`Cancel order ${order.number}?`}
          text={<Text>Nothing has been charged for it. A cancelled order cannot be paid any more; the kits can be ordered again from the shop.</Text>}
          confirmLabel="Cancel the order"
          busyLabel="Cancelling…"
          cancelLabel="Keep the order"
          tone="destructive"
          busy={cancel.isPending}
          error={failure}
          onConfirm={() => cancel.mutate(order._id, { onSuccess: () => setAsking(false) })}
          onClose={() => setAsking(false)}
        />
      ) : null}
    </Box>
  );
}

/** One order: items, amounts, coupon, address, payment and its timeline. */
export function OrderDetail({ order }: { order: Order }) {
  const a = order.address;
  return (
    <Stack gap="5" data-testid="order-detail">
      <Box display="flex" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap="2">
        <Heading as="h2" size="md">
          Order {order.number}
        </Heading>
        <OrderStatusBadge status={order.status} />
      </Box>
      <OrderItems items={order.items} as="rows" />
      <PriceSummary
        actualPrice={order.actual_price}
        coupon={order.coupon}
        couponKits={couponKitNames(order.items)}
        discountInPercentage={order.discountInPercentage}
        discount={order.discount}
        price={order.price}
        totalLabel="Total (GST included)"
      >
        <Text as="dt">Payment</Text>
        <Text as="dd" textAlign="right">
          {paymentLine(order)}
        </Text>
      </PriceSummary>
      <Box>
        <Heading as="h3" size="sm" mb="1">
          Delivery address
        </Heading>
        <Box as="address" fontStyle="normal" color="gray.700">
          {a.name}, {a.line1}
          {a.line2 ? `, ${a.line2}` : ''}, {a.city}, {a.state} {a.pincode} · +91 {a.phone}
        </Box>
      </Box>
      <Box>
        <Heading as="h3" size="sm" mb="2">
          Timeline
        </Heading>
        <Box as="ol" listStyleType="none" borderLeftWidth="2px" borderColor="brand.200" pl="4">
          {order.timeline.map((event, index) => (
            <Box as="li" key={`${event.status}-${index}`} mb="2">
              <Text fontWeight="medium">{EVENT_LABEL[event.status]}</Text>
              <Text fontSize="sm" color="gray.600">
                {formatShopDateTime(event.at)}
              </Text>
            </Box>
          ))}
        </Box>
      </Box>
      <Shipments order={order} />
      <InvoiceButton order={order} />
      <Refunds order={order} />
      {order.status === 'pending' ? <UnpaidActions order={order} /> : null}
    </Stack>
  );
}
