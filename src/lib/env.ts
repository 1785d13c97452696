/** Build-time configuration, read and checked once. */

function str(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

export const env = {
  /** Origin of the API; empty means the same origin as the shop. */
  apiBaseUrl: str(import.meta.env.VITE_API_BASE_URL, ''),
  firebase: {
    apiKey: str(import.meta.env.VITE_FIREBASE_API_KEY, 'demo-api-key'),
    authDomain: str(import.meta.env.VITE_FIREBASE_AUTH_DOMAIN, 'demo-gut-shop.firebaseapp.com'),
    projectId: str(import.meta.env.VITE_FIREBASE_PROJECT_ID, 'demo-gut-shop'),
    /** Set for local work and tests only, e.g. http://127.0.0.1:9099. */
    emulatorUrl: str(import.meta.env.VITE_FIREBASE_AUTH_EMULATOR_URL, ''),
  },
  contactPhone: str(import.meta.env.VITE_CONTACT_PHONE, '+91 80 4718 2030'),
  journeyAppUrl: str(import.meta.env.VITE_JOURNEY_APP_URL, ''),
  /** Attach the Stately inspector to the live actors (dev builds, `?inspect`). */
  inspect: import.meta.env.DEV && typeof location !== 'undefined' && new URLSearchParams(location.search).has('inspect'),
} as const;
