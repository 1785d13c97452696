import { createFileRoute } from '@tanstack/react-router';
import { SuccessPage } from '@/features/orders/components/SuccessPage';
import { queryClientLoaded } from '../../guards';
import { orderSearch } from '../../search';

export const Route = createFileRoute('/_signedIn/success')({
  validateSearch: orderSearch,
  loader: queryClientLoaded,
  component: SuccessRoute,
});

function SuccessRoute() {
  const { order } = Route.useSearch();
  return <SuccessPage orderId={order} />;
}
