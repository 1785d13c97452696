import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/science/modelling')({
  component: ScienceModellingPage,
});

function ScienceModellingPage() {
  return <ComingSoon title="Modelling and AI" about="How our models turn sequencing data into advice." />;
}
