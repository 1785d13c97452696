import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/science/food-microbiome')({
  component: ScienceFoodMicrobiomePage,
});

function ScienceFoodMicrobiomePage() {
  return <ComingSoon title="Food-Microbiome" about="How the food you eat shapes your gut." />;
}
