import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/admin/_admin/generate-kit')({
  component: AdminGenerateKitPage,
});

function AdminGenerateKitPage() {
  return <ComingSoon title="Generate Kit" />;
}
