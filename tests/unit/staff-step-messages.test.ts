/**
 * The confirmation before a staff step shows the subject of the e-mail the customer will receive: it must be the
 * subject the shop's e-mail really carries.
 */
import { describe, expect, it } from 'vitest';
import { subjectOf } from '../../server/services/messages/render';
import { stepMessage, trackingCorrectedMessage } from '../../src/features/admin/orders/components/customer-messages';

const ORDER = 'GS-2026-000187';

describe('the subjects the staff confirmations show', () => {
  it('are the e-mails’ own, for every step that e-mails the customer', () => {
    for (const kits of [['Gut 360'], ['Gut 360', 'Gut SEnS']]) {
      const ship = stepMessage({ orderNumber: ORDER, kits, step: { step: 'ship', courier: 'Blue Dart', trackingNumber: 'BD1' } });
      expect(ship?.subject).toBe(
        subjectOf({ template: 'kit-shipped', payload: { name: 'Priya', orderNumber: ORDER, kits, courier: 'Blue Dart', trackingNumber: 'BD1', ordersUrl: 'https://x/' } }),
      );
      expect(stepMessage({ orderNumber: ORDER, kits, step: { step: 'deliver' } })?.subject).toBe(
        subjectOf({ template: 'kit-delivered', payload: { name: 'Priya', orderNumber: ORDER, kits, activateUrl: 'https://x/' } }),
      );
    }
    const kit = { name: 'Priya', kit: 'Gut 360', boxCode: 'GUT-K7RM-4QXX' };
    expect(stepMessage({ orderNumber: ORDER, kits: ['Gut 360'], step: { step: 'receiveSample' } })?.subject).toBe(
      subjectOf({ template: 'sample-received', payload: { ...kit, dashboardUrl: 'https://x/' } }),
    );
    expect(stepMessage({ orderNumber: ORDER, kits: ['Gut 360'], step: { step: 'publishReport', reportUrl: 'https://r/' } })?.subject).toBe(
      subjectOf({ template: 'report-ready', payload: { ...kit, reportUrl: 'https://r/' } }),
    );
    expect(stepMessage({ orderNumber: ORDER, kits: ['Gut 360'], step: { step: 'failQc', reason: 'Too little' } })?.subject).toBe(
      subjectOf({ template: 'qc-failed', payload: { ...kit, ordersUrl: 'https://x/' } }),
    );
    expect(trackingCorrectedMessage(ORDER, 'Blue Dart', 'BD2', 'Blue Dart, BD1').subject).toBe(
      subjectOf({
        template: 'tracking-corrected',
        payload: { name: 'Priya', orderNumber: ORDER, kits: ['Gut 360'], courier: 'Blue Dart', trackingNumber: 'BD2', previousCourier: 'Blue Dart', previousTrackingNumber: 'BD1', ordersUrl: 'https://x/' },
      }),
    );
  });
});
