import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '@/features/kits/components/DashboardPage';

export const Route = createFileRoute('/user/dashboard')({
  component: DashboardPage,
});
