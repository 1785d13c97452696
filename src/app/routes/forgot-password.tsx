import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '@/features/auth/components/ForgotPasswordPage';

interface ResetSearch {
  mode?: string;
  oobCode?: string;
}

export const Route = createFileRoute('/forgot-password')({
  validateSearch: (search: Record<string, unknown>): ResetSearch => ({
    ...(typeof search.mode === 'string' ? { mode: search.mode } : {}),
    ...(typeof search.oobCode === 'string' ? { oobCode: search.oobCode } : {}),
  }),
  component: ForgotPassword,
});

function ForgotPassword() {
  const { mode, oobCode } = Route.useSearch();
  return <ForgotPasswordPage oobCode={mode === 'resetPassword' ? oobCode : undefined} />;
}
