import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/register')({
  component: RegisterPage,
});

function RegisterPage() {
  return <ComingSoon title="Create your account" />;
}
