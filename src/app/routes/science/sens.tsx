import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/science/sens')({
  component: ScienceSensPage,
});

function ScienceSensPage() {
  return <ComingSoon title="Sleep, Energy & Stress" about="How the gut talks to sleep, energy and stress." />;
}
