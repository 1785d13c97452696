import { createFileRoute } from '@tanstack/react-router';
import { StaffHome } from '@/features/admin/StaffHome';

export const Route = createFileRoute('/_staff/admin-home')({
  // The figures' code comes in a chunk of its own, not with the shop's first page.
  loader: async ({ context }) => (await import('@/features/admin/home/api/staff-home')).loadStaffHome(context.queries),
  component: StaffHome,
});
