import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/_staff/blog/edit')({
  component: BlogEditPage,
});

function BlogEditPage() {
  return <ComingSoon title="Edit a blog post" />;
}
