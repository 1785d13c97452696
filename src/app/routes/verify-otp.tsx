import { createFileRoute, redirect } from '@tanstack/react-router';
import { VerifyOtpPage } from '@/features/auth/components/VerifyOtpPage';
import { authSettled } from '@/lib/actors-handle';

export const Route = createFileRoute('/verify-otp')({
  beforeLoad: async ({ context }) => {
    if ((await authSettled(context.actors)).loggedIn) throw redirect({ to: '/' });
  },
  component: VerifyOtpPage,
});
