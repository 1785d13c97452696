import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/components/ForgotPasswordPage';
import { passwordResetSearch } from '../search';

export const Route = createFileRoute('/forgot-password')({
  validateSearch: passwordResetSearch,
  component: ForgotPassword,
});

function ForgotPassword() {
  const { mode, oobCode } = Route.useSearch();
  return <ForgotPasswordPage oobCode={mode === 'resetPassword' ? oobCode : undefined} />;
}
