import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/blog/')({
  component: BlogPage,
});

function BlogPage() {
  return <ComingSoon title="Blog" />;
}
