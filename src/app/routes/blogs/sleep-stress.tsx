import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/blogs/sleep-stress')({
  component: BlogsSleepStressPage,
});

function BlogsSleepStressPage() {
  return <ComingSoon title="Sleep, stress and your gut" />;
}
