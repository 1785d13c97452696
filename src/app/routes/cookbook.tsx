import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/cookbook')({
  component: CookbookPage,
});

function CookbookPage() {
  return <ComingSoon title="Cookbook" about="Gut-friendly Indian recipes." />;
}
