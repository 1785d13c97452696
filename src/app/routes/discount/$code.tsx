import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '@/components/layout/PageTitle';

export const Route = createFileRoute('/discount/$code')({
  component: DiscountCodePage,
});

function DiscountCodePage() {
  return <ComingSoon title="Your offer" />;
}
