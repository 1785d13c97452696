import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInPage } from '@/features/auth/components/SignInPage';
import { authSettled } from '@/lib/actors-handle';
import { sessionEndSearch } from '../search';

export const Route = createFileRoute('/login')({
  validateSearch: sessionEndSearch,
  beforeLoad: async ({ context }) => {
    if ((await authSettled(context.actors)).loggedIn) throw redirect({ to: '/' });
  },
  component: SignIn,
});

function SignIn() {
  return <SignInPage audience="customer" sessionEnded={Route.useSearch().session} />;
}
