/**
 * Whether a 401 under /admin or /user has already sent the browser to the sign-in page (src/lib/api-client.ts), so
 * that a page that finds its kept session ended leaves the way to it. A module of its own, so that the route guards
 * read it without the API client's code.
 */
export const signInRedirect = { started: false };
