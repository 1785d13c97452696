import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/products/gut360')({
  component: ProductsGut360Page,
});

function ProductsGut360Page() {
  return <ComingSoon title="Gut 360" about="Our complete gut microbiome test." />;
}
