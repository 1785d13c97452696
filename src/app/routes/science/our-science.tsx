import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/science/our-science')({
  component: ScienceOurSciencePage,
});

function ScienceOurSciencePage() {
  return <ComingSoon title="Our Science" about="How we read your gut microbiome." />;
}
