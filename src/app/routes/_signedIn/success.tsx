import { createFileRoute } from '@tanstack/react-router';
import { SuccessPage } from '@/features/orders/components/SuccessPage';
import { queryClientLoaded } from '../../guards';

interface SuccessSearch {
  order?: string;
}

export const Route = createFileRoute('/_signedIn/success')({
  validateSearch: (search: Record<string, unknown>): SuccessSearch =>
    typeof search.order === 'string' && search.order.length <= 64 ? { order: search.order } : {},
  loader: queryClientLoaded,
  component: SuccessRoute,
});

function SuccessRoute() {
  const { order } = Route.useSearch();
  return <SuccessPage orderId={order} />;
}
