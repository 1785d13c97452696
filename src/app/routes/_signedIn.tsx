import { createFileRoute } from '@tanstack/react-router';
import { CART_LOGIN_MESSAGE } from '@/lib/site';
import { requireSignedIn } from '../guards';

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

/** The pages of one signed-in person: the cart, checkout, the payment's success page and /user/*. */
export const Route = createFileRoute('/_signedIn')({
  beforeLoad: (args) => requireSignedIn(args, { message: signInMessageFor(args.location.pathname) }),
});
