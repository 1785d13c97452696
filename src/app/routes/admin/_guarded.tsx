import { createFileRoute } from '@tanstack/react-router';
import { AdminLayout } from '@/features/admin/AdminLayout';
import { authSettled } from '@/lib/actors-handle';

export const Route = createFileRoute('/admin/_guarded')({
  // Waiting here shows the pending spinner while auth loads; the layout then decides on the live auth state.
  beforeLoad: async ({ context }) => {
    await authSettled(context.actors);
  },
  component: AdminLayout,
});
