/** The browser storage keys of SPEC §3, in one place. */
export const STORAGE_KEYS = {
  authToken: 'authToken',
  userRole: 'userRole',
  previousPage: 'previousPage',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can be disabled (private mode, blocked cookies); the shop still works without it.
    return fallback;
  }
}

export const storage = {
  get: (key: string): string | null => safe(() => localStorage.getItem(key), null),
  set: (key: string, value: string): void => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: string): void => safe(() => localStorage.removeItem(key), undefined),
  clearAll: (): void => safe(() => localStorage.clear(), undefined),
};

export function savePreviousPage(path: string): void {
  storage.set(STORAGE_KEYS.previousPage, path);
}

/** The ways in: a sign-in begun from one of them returns to the front page, not to it. */
const SIGN_IN_PAGES = new Set(['/login', '/register', '/verify-otp', '/forgot-password', '/get-email', '/admin/login']);

/** The page a person leaves with "Login", to come back to once signed in. */
export function rememberPageForSignIn(): void {
  const { pathname, search } = window.location;
  if (!SIGN_IN_PAGES.has(pathname.toLowerCase())) savePreviousPage(pathname + search);
}

/** The saved page to return to after signing in, once, and only a same-site path. */
export function takePreviousPage(fallback: string): string {
  const saved = storage.get(STORAGE_KEYS.previousPage);
  storage.remove(STORAGE_KEYS.previousPage);
  return saved && saved.startsWith('/') && !saved.startsWith('//') ? saved : fallback;
}
