import { createFileRoute } from '@tanstack/react-router';
import { StaffHome } from '@/features/admin/StaffHome';

export const Route = createFileRoute('/_staff/admin-home')({
  component: StaffHome,
});
