import { createFileRoute, Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SignedInBody } from '@/components/layout/SignedInBody';
import { CART_LOGIN_MESSAGE } from '@/lib/site';
import { requireSessionKept, whenSessionRefused } from '../guards';

/** What a person who is not signed in is told, by the page they were going to (the cart's is SPEC §5's). */
const SIGN_IN_MESSAGES = {
  cart: CART_LOGIN_MESSAGE,
  checkout: 'Please sign in to check out.',
  success: 'Please sign in to see your order.',
  user: 'Please sign in to see your account.',
} as const;

function signInMessageFor(pathname: string): string {
  // Paths match whatever their case, as the router matches them.
  const page = pathname.split('/')[1]?.toLowerCase();
  return Object.entries(SIGN_IN_MESSAGES).find(([name]) => name === page)?.[1] ?? SIGN_IN_MESSAGES.user;
}

/**
 * The pages of one signed-in person: the cart, checkout, the payment's success page and /user/*. A browser that keeps
 * a session paints the page's frame at once while the session is verified; the page's data is asked for with the
 * kept token meanwhile, so the server answers only that session's person (or 401). A session that has ended then
 * leads to the sign-in page as the guard would have.
 */
export const Route = createFileRoute('/_signedIn')({
  beforeLoad: async (args) => ({ session: await requireSessionKept(args, { message: signInMessageFor(args.location.pathname) }) }),
  component: SignedInArea,
});

function SignedInArea() {
  const { session, actors, queries } = Route.useRouteContext();
  const navigate = useNavigate();
  useEffect(() => {
    if (!session.unverified) return;
    let current = true;
    void whenSessionRefused({ actors, queries }, session.message, window.location.pathname + window.location.search).then((refused) => {
      if (refused && current) void navigate({ to: '/login', replace: true });
    });
    return () => {
      current = false;
    };
  }, [actors, queries, session, navigate]);
  return (
    <SignedInBody>
      <Outlet />
    </SignedInBody>
  );
}
