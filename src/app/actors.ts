/**
 * The app's long-lived actors: the auth and cart machines with the shop's side effects provided. They live outside
 * React so that route guards (`beforeLoad`) and the API middleware can read them.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  authMachine,
  selectLoading,
  selectLogin,
  selectUser,
  type AuthSnapshot,
  type AuthUser,
  type LogoutInput,
  type LogoutOutput,
  type VerifiedSession,
  type VerifySessionInput,
} from '../../machines/auth';
import type { SessionEndReason } from '../../machines/session-end';
import { cartMachine, selectTotalCart, type CartSnapshot } from '../../machines/cart';
import { logoutDestination, roleOf } from '../../machines/roles';
import { cartActors } from '../features/cart/api/cart-actors';
import { revokeSession, verifySession } from '../features/auth/api/session';
import { watchSessionExpiry } from '../features/auth/session-expiry';
import { notify } from '../components/ui/notices';
import { STORAGE_KEYS, savePreviousPage, storage } from '../lib/storage';
import { forgetCartShape, rememberCartShape } from '../lib/cart-shape-memory';
import { ApiError } from '../lib/api-client';
import { inspectOptions } from '../lib/inspect';
import { signInAfterSessionEnd } from '../lib/session-end';
import type { AppActors, AuthActor, AuthSettled, AuthView } from '../lib/actors-handle';

export interface AppActorDeps {
  navigate: (to: string) => void;
}

/** What the notice after signing in says: who is signed in, as the header's menu names them. */
function signedInMessage(user: AuthUser): string {
  const name = user.fullname.trim() || user.email || user.phone;
  return name ? `Signed in as ${name}.` : 'You are signed in.';
}

export function createAppActors({ navigate }: AppActorDeps): AppActors {
  const auth = createActor(
    authMachine.provide({
      actors: {
        readStoredToken: fromPromise<string | null>(async () => storage.get(STORAGE_KEYS.authToken)),
        verifySession: fromPromise<VerifiedSession, VerifySessionInput>(async ({ input }) => verifySession(input.token)),
        watchSessionExpiry,
        logout: fromPromise<LogoutOutput, LogoutInput>(async ({ input }) => {
          const answer = await revokeSession(input.token).catch((error: unknown) => {
            // The machine shows the server's message, or its own fallback when the server sent none.
            if (error instanceof ApiError) throw { status: error.status, message: error.serverMessage };
            throw error;
          });
          // Firebase keeps its own persisted user; sign out of it too, but never fail the logout over it.
          await import('../features/auth/firebase').then((m) => m.signOutOfFirebase()).catch(() => undefined);
          return answer;
        }),
      },
      actions: {
        persistSession: (_, params: { token: string; user: AuthUser }) => {
          storage.set(STORAGE_KEYS.authToken, params.token);
          const role = roleOf(params.user);
          if (role) storage.set(STORAGE_KEYS.userRole, role);
        },
        persistToken: (_, params: { token: string }) => storage.set(STORAGE_KEYS.authToken, params.token),
        clearStoredSession: () => {
          storage.remove(STORAGE_KEYS.authToken);
          storage.remove(STORAGE_KEYS.userRole);
          forgetCartShape();
        },
        notifySignedIn: (_, params: { user: AuthUser }) => notify.success(signedInMessage(params.user)),
        notifyLogoutSuccess: (_, params: { message: string }) => notify.success(params.message),
        notifyLogoutFailure: (_, params: { message: string }) => notify.error(params.message),
        redirectAfterLogout: (_, params: { user: AuthUser | null }) => navigate(logoutDestination(roleOf(params.user))),
        redirectToSignIn: (_, params: { user: AuthUser | null; reason: SessionEndReason }) => {
          savePreviousPage(window.location.pathname + window.location.search);
          navigate(signInAfterSessionEnd(logoutDestination(roleOf(params.user)), params.reason));
        },
      },
    }),
    inspectOptions(),
  );

  const cart = createActor(
    cartMachine.provide({
      actors: cartActors,
    }),
    inspectOptions(),
  );

  // SPEC §4: a signed-in person's cart is fetched on load, alongside the kept session's verification (the server
  // answers the kept token with its own person's cart, or 401); signing out, or a session that turns out to have
  // ended, empties it.
  auth.subscribe((snapshot) => {
    const cartSnapshot = cart.getSnapshot();
    if (snapshot.matches('loggedIn') || snapshot.matches('verifying')) {
      if (cartSnapshot.matches('idle')) cart.send({ type: 'cart.fetch' });
    } else if (!cartSnapshot.matches('idle') && (snapshot.matches('loggedOut'))) {
      cart.send({ type: 'cart.clear' });
    }
  });

  // What the cart page's frame paints before the shop's code next time: whether the cart, as the server last
  // answered it for this session, was empty with no coupon waiting (src/lib/cart-shape.ts).
  // Each answer of the server passes through `settling` into one of the two.
  let settled = false;
  cart.subscribe((snapshot) => {
    const now = snapshot.matches('ready') || snapshot.matches('couponApplied');
    if (now && !settled) rememberCartShape(snapshot.context.kits.length === 0 && !snapshot.context.coupon);
    settled = now;
  });

  auth.start();
  cart.start();
  return {
    auth,
    cart,
    settled: () => authSettledOf(auth),
    select: { auth: authView, totalCart: (snapshot: CartSnapshot) => selectTotalCart(snapshot) },
  };
}

function authView(snapshot: AuthSnapshot): AuthView {
  return { login: selectLogin(snapshot), loading: selectLoading(snapshot), user: selectUser(snapshot), role: roleOf(selectUser(snapshot)) };
}

async function authSettledOf(auth: AuthActor): Promise<AuthSettled> {
  const snapshot = await waitFor(auth, (s) => !selectLoading(s), { timeout: 30_000 }).catch(() => auth.getSnapshot());
  return { user: snapshot.context.user, loggedIn: snapshot.matches('loggedIn') };
}
