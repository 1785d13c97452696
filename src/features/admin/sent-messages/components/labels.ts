import type { MessageTemplate, StaffMessage } from '../api/sent-messages';

/** What each message is, in the words staff use for it. */
export const TEMPLATE_TITLE: Record<MessageTemplate, string> = {
  'order-confirmation': 'Order confirmation',
  'order-unpaid': 'Payment reminder',
  'kit-shipped': 'Kit shipped',
  'tracking-corrected': 'Tracking number corrected',
  'kit-delivered': 'Kit delivered',
  'pickup-booked': 'Sample pickup booked',
  'pickup-reminder': 'Reminder to book the sample pickup',
  'sample-received': 'Sample received',
  'report-ready': 'Report ready',
  'qc-failed': 'Sample failed quality control',
  refund: 'Refund',
  'contact-ack': 'Contact form acknowledgement',
  'contact-reply': 'Reply to a contact message',
  'kit-gift': 'Kit given by e-mail',
  'contact-details-changed': 'Account details changed by staff',
  'ebook-link': 'Ebook link',
  'staff-invitation': 'Team invitation',
  'account-ready': 'Welcome and sign-in link',
};

export const CHANNEL_LABEL: Record<StaffMessage['channel'], string> = { email: 'E-mail', sms: 'SMS', whatsapp: 'WhatsApp' };

/** What WhatsApp last reported of a message it accepted. */
export const DELIVERY_LABEL: Record<NonNullable<StaffMessage['delivery']>, string> = {
  sent: 'On WhatsApp, not yet delivered',
  delivered: 'Delivered to the phone',
  read: 'Read',
  failed: 'WhatsApp could not deliver it',
};

export const STATUS_BADGE: Record<StaffMessage['status'], { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};
