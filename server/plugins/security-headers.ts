/**
 * The headers every answer carries, API and SPA alike: no content sniffing, no referrer beyond the origin for
 * other sites, never shown in another site's frame, and a Content-Security-Policy that runs no inline script and
 * only the shop's own, plus the few others the shop needs where it uses them. In production, HSTS too: browsers
 * then reach the shop (and its subdomains) only over HTTPS for a year.
 */
import type { Config } from '../config';

/** Where Firebase Auth's web SDK sends its calls (sign-in, token refresh). */
const FIREBASE_AUTH_API = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://www.googleapis.com'];

/**
 * Against a real Firebase project, Google sign-in runs in a popup driven by Google's frame script, and phone
 * sign-in shows a reCAPTCHA; the Auth emulator needs neither, so with the emulator these stay out of the policy.
 */
const FIREBASE_SCRIPTS = ['https://apis.google.com', 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const FIREBASE_FRAMES = ['https://*.firebaseapp.com', 'https://*.web.app', 'https://www.google.com/recaptcha/', 'https://recaptcha.google.com'];

/** Razorpay's checkout: its script, the payment frame it opens, and the calls that frame's page makes. */
const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com';
const RAZORPAY_FRAMES = ['https://api.razorpay.com'];
const RAZORPAY_API = ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'];

/** The policy for a server configured as `config`: what it allows follows from the services the shop uses. */
export function contentSecurityPolicy(config: Pick<Config, 'firebaseAuthEmulatorHost' | 'razorpay'>): string {
  const emulator = config.firebaseAuthEmulatorHost;
  const razorpay = config.razorpay !== undefined;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(emulator ? [] : FIREBASE_SCRIPTS), ...(razorpay ? [RAZORPAY_SCRIPT] : [])],
    // Chakra UI (Emotion) writes its styles into <style> elements at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...FIREBASE_AUTH_API, ...(emulator ? [`http://${emulator}`] : []), ...(razorpay ? RAZORPAY_API : [])],
    'frame-src': [...(emulator ? [] : FIREBASE_FRAMES), ...(razorpay ? RAZORPAY_FRAMES : [])],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.length > 0 ? sources.join(' ') : "'none'"}`)
    .join('; ');
}

/**
 * What an API answer needs instead: JSON is never a document the browser runs, so its policy allows nothing at all
 * (OWASP's advice for REST answers), which also keeps the catalogue's every answer some 300 bytes shorter.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * A year, the subdomains included. Only production sends it: on a laptop it would hold `localhost` to HTTPS for a year.
 * Not `preload`, which is a commitment to the browsers' list that only the domain's owner should make.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The headers for a server configured as `config`: for its pages and files, and for its API answers. */
export function securityHeadersFor(config: Pick<Config, 'firebaseAuthEmulatorHost' | 'razorpay' | 'production'>): {
  pages: Record<string, string>;
  api: Record<string, string>;
} {
  const common: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    ...(config.production ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY } : {}),
  };
  return {
    pages: { 'content-security-policy': contentSecurityPolicy(config), ...common },
    api: { 'content-security-policy': API_CONTENT_SECURITY_POLICY, ...common },
  };
}
