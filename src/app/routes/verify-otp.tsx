import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/verify-otp')({
  component: VerifyOtpPage,
});

function VerifyOtpPage() {
  return <ComingSoon title="Sign in with your phone" />;
}
