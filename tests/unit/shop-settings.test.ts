import { describe, expect, it } from 'vitest';
import { consumerGrievanceOfficer, launchOffer } from '../../scripts/vite/shop-settings';

const now = new Date('2026-11-28T10:00:00Z');
const realProject = { VITE_FIREBASE_PROJECT_ID: 'gut360-shop' };

describe('the launch offer’s last day, from the build', () => {
  it('ends at the midnight after its last day, in India', () => {
    const offer = launchOffer({ ...realProject, LAUNCH_OFFER_ENDS: '2027-03-31' }, now);
    expect(offer.lastDay).toBe('31 March 2027');
    expect(new Date(offer.endsAt ?? 0).toISOString()).toBe('2027-03-31T18:30:00.000Z');
    expect(offer.atBuild).toBe('running');
  });

  it('says a build made after the last day shows the offer as over', () => {
    expect(launchOffer({ ...realProject, LAUNCH_OFFER_ENDS: '2026-11-27' }, now).atBuild).toBe('over');
  });

  it('takes the VITE_ name too', () => {
    expect(launchOffer({ ...realProject, VITE_LAUNCH_OFFER_ENDS: '2027-01-05' }, now).lastDay).toBe('5 January 2027');
  });

  it('states no date for a real project that set none, and gives the demo project one at the end of next year', () => {
    expect(launchOffer(realProject, now)).toEqual({ lastDay: null, endsAt: null, atBuild: 'undated' });
    expect(launchOffer({ VITE_FIREBASE_PROJECT_ID: 'demo-gut-shop' }, now).lastDay).toBe('31 December 2027');
    expect(launchOffer({}, now).lastDay).toBe('31 December 2027');
  });

  it.each(['31-03-2027', '2027-02-30', 'next month'])('stops the build on "%s"', (value) => {
    expect(() => launchOffer({ ...realProject, LAUNCH_OFFER_ENDS: value }, now)).toThrow(/LAUNCH_OFFER_ENDS must be the offer's last day as YYYY-MM-DD/);
  });
});

describe('the consumer grievance officer, from the build', () => {
  it('takes each detail from its setting, the address from the seller’s when unset', () => {
    expect(
      consumerGrievanceOfficer({
        CONSUMER_GRIEVANCE_OFFICER_NAME: 'Meera Shah',
        CONSUMER_GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer',
        CONSUMER_GRIEVANCE_OFFICER_EMAIL: 'grievance@shop.in',
        CONSUMER_GRIEVANCE_OFFICER_PHONE: '+91 22 5555 0101',
        SELLER_ADDRESS: '1 MG Road, Mumbai 400001',
      }),
    ).toEqual({ name: 'Meera Shah', designation: 'Grievance Officer', email: 'grievance@shop.in', phone: '+91 22 5555 0101', address: '1 MG Road, Mumbai 400001' });
  });

  it('is the demo officer when nothing is set', () => {
    expect(consumerGrievanceOfficer({})).toMatchObject({ name: 'Arjun Rao', email: 'consumer.grievance@gut360.example' });
  });

  it('stops the build on an e-mail address that is not one', () => {
    expect(() => consumerGrievanceOfficer({ CONSUMER_GRIEVANCE_OFFICER_EMAIL: 'grievance at shop' })).toThrow(/CONSUMER_GRIEVANCE_OFFICER_EMAIL must be an e-mail address/);
  });
});
