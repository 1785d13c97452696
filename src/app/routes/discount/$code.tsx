import { createFileRoute } from '@tanstack/react-router';
import { DiscountPage } from '@/features/discount/DiscountPage';

export const Route = createFileRoute('/discount/$code')({
  component: DiscountCodeRoute,
});

function DiscountCodeRoute() {
  const { code } = Route.useParams();
  return <DiscountPage code={code} />;
}
