import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatRupees } from '../../../../machines/pricing';
import { ContentSkeleton, DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { TitledPage } from '@/components/layout/PageTitle';
import { formatShopDate } from '@/lib/dates';
import { useOrder, useOrders } from '../api/orders';
import { OrderDetail, OrderStatusBadge } from './OrderDetail';
import { OrderItems } from './OrderItems';


function SelectedOrder({ id }: { id: string }) {
  const order = useOrder(id);
  if (order.isPending) return <PageSpinner label="Loading the order…" />;
  if (order.isError) {
    return (order.error as { status?: number }).status === 404 ? (
      <Text role="alert">There is no such order in your account.</Text>
    ) : (
      <DataLoadFailure what="this order" error={order.error} onRetry={() => void order.refetch()} />
    );
  }
  return <OrderDetail order={order.data} />;
}

/** Where the orders will be while they load: about two orders' rows. */
const ORDERS_SKELETON = ['5.5rem', '5.5rem'] as const;

/** The page around what it shows. */
const OrdersLayout = ({ children }: { children: ReactNode }) => (
  <TitledPage title="My orders" maxW="4xl">
    {children}
  </TitledPage>
);

const OrdersLoading = () => <ContentSkeleton label="Loading your orders…" blocks={ORDERS_SKELETON} />;

/** The page before the person's orders are known, as the build writes it into the page's HTML (src/prerender.tsx). */
export function OrdersFrame() {
  return (
    <OrdersLayout>
      <OrdersLoading />
    </OrdersLayout>
  );
}

/** The person's orders, newest first; `selected` shows one in full. */
export function OrdersPage({ selected }: { selected?: string }) {
  const orders = useOrders();
  return (
    <OrdersLayout>
      {orders.isPending ? (
        <OrdersLoading />
      ) : orders.isError ? (
        <DataLoadFailure what="your orders" error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.length === 0 ? (
        <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6">
          <Text mb="4">You have no orders yet.</Text>
          <Button asChild colorPalette="brand">
            <Link to="/products/gut360">Browse our test kits</Link>
          </Button>
        </Box>
      ) : (
        <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1.4fr' }} gap="6" alignItems="start">
          <Box as="ul" listStyleType="none" aria-label="Orders">
            {orders.data.map((order) => (
              <Box as="li" key={order._id} mb="3">
                <Link
                  to="/user/orders"
                  search={{ order: order._id }}
                  aria-current={order._id === selected ? 'true' : undefined}
                  data-testid="order-link"
                >
                  <Box
                    borderWidth="1px"
                    borderColor={order._id === selected ? 'brand.500' : 'gray.200'}
                    rounded="lg"
                    p="4"
                    _hover={{ borderColor: 'brand.400' }}
                  >
                    <Box display="flex" justifyContent="space-between" gap="2" flexWrap="wrap">
                      <Text fontWeight="semibold">{order.number}</Text>
                      <OrderStatusBadge status={order.status} />
                    </Box>
                    <Text fontSize="sm" color="gray.700">
                      {formatShopDate(order.createdAt)} · <OrderItems items={order.items} as="names" />
                    </Text>
                    <Text fontWeight="bold">{formatRupees(order.price)}</Text>
                  </Box>
                </Link>
              </Box>
            ))}
          </Box>
          <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '6' }}>
            {selected ? <SelectedOrder id={selected} /> : <Text color="gray.700">Choose an order to see its details and invoice.</Text>}
          </Box>
        </Box>
      )}
    </OrdersLayout>
  );
}
