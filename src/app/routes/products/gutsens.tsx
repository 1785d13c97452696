import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/products/gutsens')({
  component: ProductsGutsensPage,
});

function ProductsGutsensPage() {
  return <ComingSoon title="Gut SEnS" about="The gut test for sleep, energy and stress." />;
}
