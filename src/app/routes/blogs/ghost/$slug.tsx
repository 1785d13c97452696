import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/blogs/ghost/$slug')({
  component: BlogsGhostSlugPage,
});

function BlogsGhostSlugPage() {
  return <ComingSoon title="Blog" />;
}
