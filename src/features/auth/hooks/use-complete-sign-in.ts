import { useRouter } from '@tanstack/react-router';
import { isStaff, roleOf } from '../../../../machines/roles';
import { useActors } from '@/lib/actors-context';
import { ApiError } from '@/lib/api-client';
import { takePreviousPage } from '@/lib/storage';
import { createSession, type Session, type SignInAudience } from '../api/session';
import type { FirebaseUser } from '../firebase';

/** Thrown with a message a person can act on. */
export class SignInError extends Error {}

/** What went wrong when our server was asked for a session, in words for the person. */
export function sessionErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'We could not reach the shop to finish signing in. Check your connection and try again.';
}

/**
 * The last step of every way in: our session for the Firebase user, the auth machine told, and the person sent
 * on: to /get-email when the profile has no e-mail address yet, otherwise back to the page they came from (staff to
 * the staff home). A refused exchange also signs out of Firebase, so nothing half-signed-in is left behind.
 */
export function useCompleteSignIn(audience: SignInAudience = 'customer') {
  const { auth } = useActors();
  const router = useRouter();

  function finish(session: Session) {
    auth.send({ type: 'auth.login', token: session.token, user: session.user, expiresAt: session.expiresAt });
    if (!session.user.email) {
      router.history.push('/get-email');
      return;
    }
    const staff = isStaff(roleOf(session.user));
    router.history.push(takePreviousPage(audience === 'staff' || staff ? '/admin-home' : '/'));
  }

  async function exchange(user: FirebaseUser, obtain: (idToken: string) => Promise<Session>): Promise<void> {
    let session: Session;
    try {
      session = await obtain(await user.getIdToken());
    } catch (error) {
      await import('../firebase').then((m) => m.signOutOfFirebase()).catch(() => undefined);
      throw new SignInError(sessionErrorMessage(error), { cause: error });
    }
    finish(session);
  }

  return {
    /** Exchanges the ID token of a Firebase user for our session and moves on. Throws SignInError. */
    complete: (user: FirebaseUser) => exchange(user, (idToken) => createSession(idToken, audience)),
    /** The same with a session obtained another way (registration). */
    completeWith: exchange,
    finish,
  };
}
