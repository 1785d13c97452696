import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/_staff/blog/test')({
  component: BlogTestPage,
});

function BlogTestPage() {
  return <ComingSoon title="Blog post preview" />;
}
