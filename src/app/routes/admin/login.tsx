import { createFileRoute, redirect } from '@tanstack/react-router';
import { SignInPage } from '@/features/auth/components/SignInPage';
import { authSettled } from '@/lib/actors-handle';

export const Route = createFileRoute('/admin/login')({
  beforeLoad: async ({ context }) => {
    if ((await authSettled(context.actors)).loggedIn) throw redirect({ to: '/admin-home' });
  },
  component: () => <SignInPage audience="staff" />,
});
