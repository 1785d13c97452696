import { createFileRoute } from '@tanstack/react-router';
import { SuccessPage } from '@/features/orders/components/SuccessPage';
import { queryClientLoaded, requireSignedIn } from '../guards';

interface SuccessSearch {
  order?: string;
}

export const Route = createFileRoute('/success')({
  validateSearch: (search: Record<string, unknown>): SuccessSearch =>
    typeof search.order === 'string' && search.order.length <= 64 ? { order: search.order } : {},
  beforeLoad: ({ context, location }) => requireSignedIn(context, location, { message: 'Please sign in to see your order.' }),
  loader: queryClientLoaded,
  component: SuccessRoute,
});

function SuccessRoute() {
  const { order } = Route.useSearch();
  return <SuccessPage orderId={order} />;
}
