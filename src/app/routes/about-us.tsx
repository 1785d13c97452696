import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/about-us')({
  component: AboutUsPage,
});

function AboutUsPage() {
  return <ComingSoon title="About Us" about="Who we are and why we study the gut." />;
}
