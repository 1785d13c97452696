import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/kits/components/DashboardPage';

export const Route = createFileRoute('/_signedIn/user/dashboard')({
  component: DashboardPage,
});
