import { createFileRoute } from '@tanstack/react-router';
import { StaffHome } from '@/features/admin/StaffHome';
import { requireSignedIn } from '../guards';

export const Route = createFileRoute('/admin-home')({
  beforeLoad: ({ context, location }) =>
    requireSignedIn(context, location, { message: 'Please sign in with your staff account.', to: '/admin/login' }),
  component: StaffHome,
});
