import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { notify } from '@/components/ui/notices';
import { savePreviousPage } from '@/lib/storage';
import { authSettled } from '@/lib/actors-handle';
import type { RouterContext } from './router';

/**
 * Lets a signed-in person through; otherwise saves where they were going as `previousPage`, shows `message`
 * and sends them to `to`.
 */
export async function requireSignedIn(
  context: RouterContext,
  location: ParsedLocation,
  { message, to = '/login' }: { message: string; to?: '/login' | '/admin/login' },
) {
  const { loggedIn, user } = await authSettled(context.actors);
  if (!loggedIn || !user) {
    notify.error(message);
    savePreviousPage(location.href);
    throw redirect({ to });
  }
  return { user };
}

/**
 * For the pages that read server state through TanStack Query's hooks: waits for its client, whose code loads
 * after the first paint (src/lib/queries-context.tsx). As a route's `loader`.
 */
export async function queryClientLoaded({ context }: { context: RouterContext }): Promise<void> {
  await context.queries.ready;
}
