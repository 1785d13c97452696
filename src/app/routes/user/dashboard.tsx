import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/user/dashboard')({
  component: UserDashboardPage,
});

function UserDashboardPage() {
  return <ComingSoon title="My kits" />;
}
