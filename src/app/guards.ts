import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { canViewAdmin, isStaff, roleOf } from '../../machines/roles';
import { notify } from '@/components/ui/notices';
import { STORAGE_KEYS, savePreviousPage, storage } from '@/lib/storage';
import { authSettled } from '@/lib/actors-handle';
import { signInRedirect } from '@/lib/sign-in-redirect';
import type { RouterContext } from './router';

/** A signed-in person whose role an area is not for; in the admin area, anyone but an admin. */
export class AccessDenied extends Error {
  constructor(readonly area: 'staff' | 'admin') {
    super(`This page is for the ${area === 'admin' ? 'shop’s admins' : 'shop’s team'} only.`);
    this.name = 'AccessDenied';
  }
}

/** What a guard is given by `beforeLoad`. */
interface GuardArgs {
  context: RouterContext;
  location: ParsedLocation;
  /** The router is loading the page ahead of a click (a link hovered): nobody is going there yet. */
  preload: boolean;
}

/**
 * Lets a signed-in person through; otherwise saves where they were going as `previousPage`, shows `message`
 * and sends them to `to`. A preload is refused quietly: the person has only pointed at the link.
 */
export async function requireSignedIn(
  { context, location, preload }: GuardArgs,
  { message, to = '/login' }: { message: string; to?: '/login' | '/admin/login' },
) {
  const { loggedIn, user } = await authSettled(context.actors);
  if (!loggedIn || !user) {
    if (!preload) {
      notify.error(message);
      savePreviousPage(location.href);
    }
    throw redirect({ to });
  }
  return { user };
}

/** What `requireSessionKept` lets through: a known person, or a kept session still being verified. */
export type KeptSession = { unverified: false } | { unverified: true; message: string };

/**
 * For the pages of one signed-in person, which paint their frame before the session is verified: a browser that
 * keeps a session token goes through at once, and the page checks the outcome (`whenSessionRefused`); one that keeps
 * none, or whose session is known to have ended, is sent to sign in as `requireSignedIn` does.
 */
export async function requireSessionKept(args: GuardArgs, options: { message: string }): Promise<KeptSession> {
  const actors = args.context.actors.current;
  const known = actors && !actors.select.auth(actors.auth.getSnapshot()).loading;
  if (!known && storage.get(STORAGE_KEYS.authToken)) return { unverified: true, message: options.message };
  await requireSignedIn(args, options);
  return { unverified: false };
}

/**
 * Once the kept session has been verified: if it turned out to have ended (or the server could not be asked), does
 * what the guard would have done, and answers true. Resolves false when the person is signed in.
 */
export async function whenSessionRefused(context: RouterContext, message: string, href: string): Promise<boolean> {
  const { loggedIn } = await authSettled(context.actors);
  // Under /user a 401 has already sent the browser to the sign-in page that says why the session ended (SPEC §8); a
  // navigation of the page's own would cut that one short.
  if (loggedIn || signInRedirect.started) return false;
  notify.error(message);
  savePreviousPage(href);
  return true;
}

/** The staff area (admin, doctor, nutritionist): others are sent to the staff sign-in, or told it is not theirs. */
export async function requireStaff(args: GuardArgs) {
  const { user } = await requireSignedIn(args, { message: 'Please sign in with your staff account.', to: '/admin/login' });
  if (!isStaff(roleOf(user))) throw new AccessDenied('staff');
  return { user };
}

/** The admin area (SPEC §2, §6): `user_role` or `role` is admin; anyone else, signed in or not, is told so. */
export async function requireAdmin(context: RouterContext) {
  const { loggedIn, user } = await authSettled(context.actors);
  if (!loggedIn || !canViewAdmin(user)) throw new AccessDenied('admin');
  return { user };
}

/**
 * For the pages that read server state through TanStack Query's hooks: waits for its client, whose code loads
 * after the first paint (src/lib/queries-context.tsx). As a route's `loader`.
 */
export async function queryClientLoaded({ context }: { context: RouterContext }): Promise<void> {
  await context.queries.ready;
}
