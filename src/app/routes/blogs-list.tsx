import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/blogs-list')({
  component: BlogsListPage,
});

function BlogsListPage() {
  return <ComingSoon title="Blogs" about="Articles on gut health from our scientists and nutritionists." />;
}
