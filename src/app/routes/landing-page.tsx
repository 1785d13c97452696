import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/landing-page')({
  component: LandingPagePage,
});

function LandingPagePage() {
  return <ComingSoon title="Gut Start: know your gut for Rs 4,999" about="Our starter gut microbiome test at its launch price." />;
}
