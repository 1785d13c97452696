import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/products/gut360-start')({
  component: ProductsGut360StartPage,
});

function ProductsGut360StartPage() {
  return <ComingSoon title="Gut Start" about="Our starter gut microbiome test, now at its launch price of Rs 4,999." />;
}
