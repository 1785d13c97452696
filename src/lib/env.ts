/** Build-time configuration, read and checked once, when the shop starts. */

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/**
 * The Firebase project's web configuration. A production build refuses to be made without it
 * (scripts/vite/firebase-config.ts); the development server and the tests use the emulator's demo project.
 */
function firebaseWebConfig() {
  const apiKey = str(import.meta.env.VITE_FIREBASE_API_KEY, '');
  const projectId = str(import.meta.env.VITE_FIREBASE_PROJECT_ID, '');
  if (!apiKey || !projectId) {
    if (import.meta.env.PROD) throw new Error('The shop was built without its Firebase web configuration (VITE_FIREBASE_*).');
    return { apiKey: 'demo-api-key', authDomain: 'demo-gut-shop.firebaseapp.com', projectId: 'demo-gut-shop' };
  }
  return { apiKey, authDomain: str(import.meta.env.VITE_FIREBASE_AUTH_DOMAIN, `${projectId}.firebaseapp.com`), projectId };
}

export const env = {
  /** Origin of the API; empty means the same origin as the shop. */
  apiBaseUrl: str(import.meta.env.VITE_API_BASE_URL, ''),
  firebase: {
    ...firebaseWebConfig(),
    /** Set for local work and tests only, e.g. http://127.0.0.1:9099. */
    emulatorUrl: str(import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_URL, ''),
  },
  /** The shop's public address without a trailing slash (PUBLIC_SITE_URL at build time), for canonical links. */
  siteUrl: str(import.meta.env.VITE_PUBLIC_SITE_URL, '').replace(/\/+$/, ''),
  contactPhone: str(import.meta.env.VITE_CONTACT_PHONE, '+91 80 4718 2030'),
  /** Where customers write to the care team, and when it answers: the contact page says both. */
  contactEmail: str(import.meta.env.VITE_CONTACT_EMAIL, 'care@gut360.example'),
  contactHours: str(import.meta.env.VITE_CONTACT_HOURS, 'Monday to Saturday, 9 am to 7 pm IST'),
  journeyAppUrl: str(import.meta.env.VITE_JOURNEY_APP_URL, ''),
  /** Attach the Stately inspector to the live actors (dev builds, `?inspect`). */
  inspect: import.meta.env.DEV && typeof location !== 'undefined' && new URLSearchParams(location.search).has('inspect'),
} as const;
