import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/components/ForgotPasswordPage';
import { useMounted } from '@/lib/use-mounted';
import { passwordResetSearch } from '../search';

export const Route = createFileRoute('/forgot-password')({
  validateSearch: passwordResetSearch,
  component: ForgotPassword,
});

function ForgotPassword() {
  const { mode, oobCode } = Route.useSearch();
  // The page is prerendered as the request form, the search unknown at build time: the takeover must render that
  // same form, and only then turn to the new-password form a reset link asks for.
  const mounted = useMounted();
  return <ForgotPasswordPage oobCode={mounted && mode === 'resetPassword' ? oobCode : undefined} />;
}
