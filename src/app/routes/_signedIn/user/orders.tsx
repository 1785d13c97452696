import { createFileRoute } from '@tanstack/react-router';
import { OrdersPage } from '@/features/orders/components/OrdersPage';
import { orderSearch } from '../../../search';

export const Route = createFileRoute('/_signedIn/user/orders')({
  validateSearch: orderSearch,
  loaderDeps: ({ search }) => ({ order: search.order }),
  loader: async ({ context, deps }) => {
    const [client, { orderQueryOptions, ordersQueryOptions }] = await Promise.all([
      context.queries.ready,
      import('@/features/orders/api/orders'),
    ]);
    // The chosen order fills its own box, beside the list that stays on screen while it loads.
    if (deps.order) void client.prefetchQuery(orderQueryOptions(deps.order));
    // Asked for now, not waited for: the page paints its frame and fills in as they arrive (a failure is the page's
    // to show, with its retry).
    void client.prefetchQuery(ordersQueryOptions);
  },
  component: UserOrdersPage,
});

function UserOrdersPage() {
  const { order } = Route.useSearch();
  return <OrdersPage selected={order} />;
}
