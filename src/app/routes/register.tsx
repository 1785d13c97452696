import { createFileRoute, redirect } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/components/RegisterPage';
import { authSettled } from '@/lib/actors-handle';

export const Route = createFileRoute('/register')({
  beforeLoad: async ({ context }) => {
    if ((await authSettled(context.actors)).loggedIn) throw redirect({ to: '/' });
  },
  component: RegisterPage,
});
