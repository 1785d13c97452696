/** The words staff read for an order's and a payment's status, shared by the list and the order's page. */
import type { OrderProduct, OrderStatus, StaffOrderSort, StaffPaymentStatus } from '../params';

export const ORDER_STATUS_LABEL: Record<OrderStatus, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

export const ORDER_STATUS_COLOR: Record<OrderStatus, string> = { pending: 'orange', paid: 'green', cancelled: 'gray', refunded: 'purple' };

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

export const ORDER_PRODUCT_LABEL: Record<OrderProduct, string> = {
  'PROD-G3G-LITE': 'Gut Start',
  'PROD-G360': 'Gut 360',
  'PROD-GSENS': 'Gut SEnS',
  'PROD-IBS-HEAL': 'Gut Heal',
};
