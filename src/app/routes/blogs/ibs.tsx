import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/blogs/ibs')({
  component: BlogsIbsPage,
});

function BlogsIbsPage() {
  return <ComingSoon title="Living with IBS" />;
}
