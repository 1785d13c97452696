import { createFileRoute } from '@tanstack/react-router';
import { GetEmailPage } from '@/features/auth/components/GetEmailPage';
import { requireSignedIn } from '../guards';

export const Route = createFileRoute('/get-email')({
  beforeLoad: (args) => requireSignedIn(args, { message: 'Please sign in first.' }),
  component: GetEmailPage,
});
