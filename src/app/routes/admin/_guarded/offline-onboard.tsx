import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/offline-onboard')({
  component: AdminGuardedOfflineOnboardPage,
});

function AdminGuardedOfflineOnboardPage() {
  return <ComingSoon title="Offline Onboarding" />;
}
