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
    // Asked for as soon as the page is opened (the kept session is verified meanwhile) and waited for, so that the
    // page renders once, with its data: a skeleton first and the data after cost a phone a second long render
    // (docs/performance.md, "The signed-in pages"). A failure is the page's to show, with its retry.
    await client.ensureQueryData(ordersQueryOptions).catch(() => undefined);
  },
  component: UserOrdersPage,
});

function UserOrdersPage() {
  const { order } = Route.useSearch();
  return <OrdersPage selected={order} />;
}
