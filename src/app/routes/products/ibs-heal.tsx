import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/products/ibs-heal')({
  component: ProductsIbsHealPage,
});

function ProductsIbsHealPage() {
  return <ComingSoon title="Gut Heal" about="The gut test and programme for IBS." />;
}
