import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/_staff/blogs/create')({
  component: BlogsCreatePage,
});

function BlogsCreatePage() {
  return <ComingSoon title="Write a blog post" />;
}
