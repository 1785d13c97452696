import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/publications')({
  component: PublicationsPage,
});

function PublicationsPage() {
  return <ComingSoon title="Publications" about="Our peer-reviewed research." />;
}
