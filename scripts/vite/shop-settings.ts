/**
 * Settings the pages carry from their build, under the names the server's settings use: the consumer grievance
 * officer (Consumer Protection (E-Commerce) Rules, 2020) and the last day of the Gut Start launch offer. They are
 * checked and worked out here, so that a mistyped value stops the build rather than showing on every page, and the
 * shop's code carries only the result.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** India Standard Time, UTC+5:30: the offer ends at midnight in India. */
const IST_OFFSET_MS = 330 * 60_000;

/** The demo officer of `npm start`, the tests and any build that names none, at the demo seller's address. */
const DEMO_OFFICER = {
  name: 'Arjun Rao',
  designation: 'Head of Customer Care',
  email: 'consumer.grievance@gut360.example',
  phone: '+91 80 4000 3601',
  address: '2nd Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034',
};

export interface LaunchOffer {
  /** The last day as the pages write it, "31 March 2027". */
  lastDay: string | null;
  /** The midnight after that day in India, in milliseconds since 1970. */
  endsAt: number | null;
  /** Whether it ran when the build was made: what the prerendered pages say of it. */
  atBuild: 'running' | 'over' | 'undated';
}

function setting(env: NodeJS.ProcessEnv, name: string): string {
  return (env[`VITE_${name}`] ?? env[name] ?? '').trim();
}

/** YYYY-MM-DD as [year, month, day] when it names a day of the calendar. */
function dayOf(value: string): [number, number, number] | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? [year, month, day] : null;
}

/**
 * A build for the emulator's demo project (the development server, the tests, `npm start`, the bench) that sets no
 * end date gets one at the end of next year, so that the offer shows there; a real project's build without one
 * states none, and the offer's dialog does not open.
 */
function demoOfferEnds(env: NodeJS.ProcessEnv, now: Date): string {
  const project = (env.VITE_FIREBASE_PROJECT_ID ?? '').trim();
  return project === '' || project.startsWith('demo-') ? `${now.getUTCFullYear() + 1}-12-31` : '';
}

export function consumerGrievanceOfficer(env: NodeJS.ProcessEnv = process.env): typeof DEMO_OFFICER {
  const officer = {
    name: setting(env, 'CONSUMER_GRIEVANCE_OFFICER_NAME') || DEMO_OFFICER.name,
    designation: setting(env, 'CONSUMER_GRIEVANCE_OFFICER_DESIGNATION') || DEMO_OFFICER.designation,
    email: setting(env, 'CONSUMER_GRIEVANCE_OFFICER_EMAIL') || DEMO_OFFICER.email,
    phone: setting(env, 'CONSUMER_GRIEVANCE_OFFICER_PHONE') || DEMO_OFFICER.phone,
    address: setting(env, 'CONSUMER_GRIEVANCE_OFFICER_ADDRESS') || (env.SELLER_ADDRESS ?? '').trim() || DEMO_OFFICER.address,
  };
  if (!EMAIL.test(officer.email)) throw new Error(`CONSUMER_GRIEVANCE_OFFICER_EMAIL must be an e-mail address, got "${officer.email}".`);
  return officer;
}

export function launchOffer(env: NodeJS.ProcessEnv = process.env, now = new Date()): LaunchOffer {
  const ends = setting(env, 'LAUNCH_OFFER_ENDS') || demoOfferEnds(env, now);
  if (!ends) return { lastDay: null, endsAt: null, atBuild: 'undated' };
  const day = dayOf(ends);
  if (!day) throw new Error(`LAUNCH_OFFER_ENDS must be the offer's last day as YYYY-MM-DD, got "${ends}".`);
  const [year, month, date] = day;
  const endsAt = Date.UTC(year, month - 1, date + 1) - IST_OFFSET_MS;
  return { lastDay: `${date} ${MONTHS[month - 1]} ${year}`, endsAt, atBuild: now.getTime() < endsAt ? 'running' : 'over' };
}

/** Vite's `define` entries that carry them into the shop's code. */
export function shopSettingsDefine(env: NodeJS.ProcessEnv = process.env, now = new Date()): Record<string, string> {
  return {
    __CONSUMER_GRIEVANCE_OFFICER__: JSON.stringify(consumerGrievanceOfficer(env)),
    __LAUNCH_OFFER__: JSON.stringify(launchOffer(env, now)),
  };
}
