/** What the tests of shipments and pickups share: the test courier's settings, a far PIN, and the courier's updates. */
import type { LabAddress } from '../../server/config';
import { ADDRESS } from './orders-fixtures';

export const COURIER_TOKEN = 'courier-webhook-token-for-tests';
export const LAB: LabAddress = { name: 'Gut360 Microbiome Lab', line1: 'Plot 14, Bommasandra', line2: '', city: 'Bengaluru', state: 'Karnataka', pin: '560099', phone: '8040003601', email: 'lab@gut360.example' };
/** The built-in test courier, as the shop is configured with it. */
export const TEST_COURIER = { provider: 'test', webhookToken: COURIER_TOKEN, lab: LAB } as const;
/** An address no courier reaches: the Andaman and Nicobar Islands. */
export const ISLANDS = { ...ADDRESS, city: 'Port Blair', state: 'Andaman and Nicobar Islands', pincode: '744101' };

/** A Shiprocket-format tracking update of `awb`: the status code and label, when in IST ("2026-11-29 15:20:11"), and whether it is a return. */
export function trackingUpdate(awb: string, [code, label]: [number, string], at: string, { isReturn = false, location = 'Bengaluru Hub' } = {}) {
  return {
    awb,
    courier_name: 'Test Courier',
    current_status: label,
    current_status_id: code,
    shipment_status: label,
    shipment_status_id: code,
    current_timestamp: at.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$3 $2 $1'),
    order_id: 'GS',
    scans: [{ date: at, status: label, activity: label.toLowerCase(), location, 'sr-status': String(code), 'sr-status-label': label }],
    is_return: isReturn ? 1 : 0,
  };
}
