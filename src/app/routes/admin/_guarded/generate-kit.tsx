import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_guarded/generate-kit')({
  component: AdminGuardedGenerateKitPage,
});

function AdminGuardedGenerateKitPage() {
  return <ComingSoon title="Generate Kit" />;
}
