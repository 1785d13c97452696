/**
 * A production build of the shop needs its Firebase project's web configuration: without it, sign-in would talk to
 * a project that does not exist. The build stops and says what to set, rather than shipping a placeholder.
 */
import type { Plugin } from 'vite';

export const FIREBASE_WEB_CONFIG = ['VITE_FIREBASE_API_KEY', 'VITE_FIREBASE_AUTH_DOMAIN', 'VITE_FIREBASE_PROJECT_ID'] as const;

export function requireFirebaseConfig(): Plugin {
  return {
    name: 'shop:require-firebase-config',
    apply: (_config, { command, mode }) => command === 'build' && mode === 'production',
    configResolved(config) {
      const missing = FIREBASE_WEB_CONFIG.filter((name) => !config.env[name]?.trim());
      if (missing.length > 0) {
        throw new Error(
          `The shop's build needs the Firebase web configuration: set ${missing.join(', ')} (from the Firebase console, ` +
            'Project settings → Your apps). `npm start`, `npm test` and `npm run bench` set the local demo project themselves.',
        );
      }
    },
  };
}
