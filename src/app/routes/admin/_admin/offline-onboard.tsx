import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/offline-onboard')({
  component: AdminOfflineOnboardPage,
});

function AdminOfflineOnboardPage() {
  return <ComingSoon title="Offline Onboarding" />;
}
