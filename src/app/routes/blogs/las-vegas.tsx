import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/blogs/las-vegas')({
  component: BlogsLasVegasPage,
});

function BlogsLasVegasPage() {
  return <ComingSoon title="From our conference trip to Las Vegas" />;
}
