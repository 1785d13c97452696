/** The words staff read for an order's and a payment's status, shared by the list and the order's page. */
import type { StaffOrderSummary } from '../api/list-orders';
import type { TrackingStatus } from '../api/order';
import type { OrderAttention, OrderDates, OrderKitState, OrderStatus, StaffOrderSort, StaffPaymentStatus } from '../params';

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

// The theme's palettes only (src/theme/tokens.ts): an order that is over, cancelled or refunded, is grey.
export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = { pending: 'orange', paid: 'green', cancelled: 'gray', refunded: 'gray' };

/** What the list's days are of, as the filters name them ("Paid from", "Refunded until"). */
export const DATES_LABEL: Record<OrderDates, string> = { placed: 'Placed', paid: 'Paid', refunded: 'Refunded' };

export const PAYMENT_STATUS_LABEL: Record<StaffPaymentStatus, string> = {
  unpaid: 'Not paid',
  failed: 'Payment declined',
  paid: 'Paid',
  partlyRefunded: 'Partly refunded',
  refunded: 'Refunded',
};

export const ORDER_SORT_LABEL: Record<StaffOrderSort, string> = {
  '-createdAt': 'Newest first',
  createdAt: 'Oldest first',
  '-number': 'Order number, high to low',
  number: 'Order number, low to high',
  '-total': 'Largest total first',
  total: 'Smallest total first',
};

/** The kit states an order is found by, as the staff home's work queues name them. */
export const ORDER_KIT_STATE_LABEL: Record<OrderKitState, string> = {
  paid: 'Paid, to ship',
  shipped: 'Shipped',
  delivered: 'Delivered, not activated',
  activated: 'Activated',
  sampleReceived: 'Sample at the lab',
  reportReady: 'Report ready',
  qcFailed: 'Sample failed QC',
  cancelled: 'Cancelled, to refund',
  refunded: 'Refunded',
};

/** The step waiting on an order whose kits are in a work queue's state, and where the order's page offers it. */
export const KIT_STATE_NEXT_STEP: Partial<Record<OrderKitState, { label: string; hash: string }>> = {
  paid: { label: 'Ship', hash: 'ship' },
  sampleReceived: { label: 'Add the report', hash: 'kits' },
  qcFailed: { label: 'Resample or refund', hash: 'kits' },
  cancelled: { label: 'Refund', hash: 'kits' },
};

type KitJourneyState = StaffOrderSummary['kits'][number]['state'];

/** Where one of an order's kits is, as the list's row says it. */
export const KIT_STATE_LABEL: Record<KitJourneyState, string> = {
  ordered: 'Not paid',
  paid: 'To ship',
  shipped: 'Shipped',
  delivered: 'Delivered',
  activated: 'Activated',
  sampleReceived: 'Sample at the lab',
  reportReady: 'Report ready',
  qcFailed: 'Failed QC',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  replaced: 'Replaced',
};

export const KIT_STATE_COLOR: Record<KitJourneyState, string> = {
  ordered: 'gray',
  paid: 'orange',
  shipped: 'blue',
  delivered: 'blue',
  activated: 'blue',
  sampleReceived: 'blue',
  reportReady: 'green',
  qcFailed: 'red',
  cancelled: 'gray',
  refunded: 'gray',
  replaced: 'gray',
};

/** A kit handed over at a counter was never shipped or delivered by a courier. */
export function kitStateLabel(kit: StaffOrderSummary['kits'][number]): string {
  return kit.atCounter && kit.state === 'delivered' ? 'Handed over' : KIT_STATE_LABEL[kit.state];
}

/** Where a parcel is, as the courier's scans say, in staff's words. */
export const TRACKING_STATUS_LABEL: Record<TrackingStatus, string> = {
  booked: 'Booked, waiting for the courier',
  outForPickup: 'Out for pickup',
  pickedUp: 'Picked up',
  inTransit: 'In transit',
  outForDelivery: 'Out for delivery',
  delivered: 'Delivered',
  undelivered: 'Delivery failed',
  returningToOrigin: 'Returning to us',
  returnedToOrigin: 'Returned to us',
  cancelled: 'Cancelled',
  lost: 'Lost',
  other: 'Courier update',
};

/** What about an order needs a look, as the list's filter and the staff home's queues name it. */
export const ATTENTION_LABEL: Record<OrderAttention, string> = {
  stuckParcels: 'A parcel stuck with the courier',
  unbookedPickups: 'A sample whose pickup is not booked',
};
