import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { formatRupees } from '../../../../machines/pricing';
import { PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { formatShopDateTime } from '@/lib/dates';
import { useOrder } from '../api/orders';
import { OrderItems } from './OrderItems';

function KitsOnTheirWay({ count, to }: { count: number; to: string }) {
  return count === 1 ? (
    <>Your kit is on its way to {to}. When it arrives, activate it with the code printed in its box.</>
  ) : (
    <>
      Your {count} kits are on their way to {to}. When they arrive, activate each kit with the code printed in its box.
    </>
  );
}

function PaidOrder({ id }: { id: string }) {
  const order = useOrder(id);
  if (order.isPending) return <PageSpinner label="Loading your order…" />;
  if (order.isError || order.data.status !== 'paid') {
    return (
      <Box role="alert" borderWidth="1px" borderColor="orange.200" bg="orange.50" rounded="lg" p="6">
        <Text mb="4">We could not find a paid order here. Your orders show what was paid.</Text>
        <Button asChild>
          <Link to="/user/orders">See my orders</Link>
        </Button>
      </Box>
    );
  }
  const paid = order.data;
  return (
    <Box borderWidth="1px" borderColor="green.200" bg="green.50" rounded="lg" p={{ base: '4', md: '6' }} data-testid="paid-order">
      <Heading as="h2" size="md" mb="2">
        Payment received: order {paid.number}
      </Heading>
      {paid.paidAt ? (
        <Text fontSize="sm" color="gray.700" mb="2" data-testid="paid-at">
          Paid on {formatShopDateTime(paid.paidAt)}
        </Text>
      ) : null}
      <Text mb="2">
        We have received {formatRupees(paid.price)} for <OrderItems items={paid.items} as="names" separator=" and " />.
      </Text>
      <Text mb="4" data-testid="kits-on-their-way">
        <KitsOnTheirWay count={paid.items.length} to={`${paid.address.name} in ${paid.address.city}`} />
      </Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3">
        <Button asChild colorPalette="brand">
          <Link to="/user/orders" search={{ order: paid._id }}>
            See the order and invoice
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/user/dashboard">Go to my kits</Link>
        </Button>
      </Stack>
    </Box>
  );
}

export function SuccessPage({ orderId }: { orderId?: string }) {
  return (
    <Box maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title="Thank you for your order" />
      {orderId ? (
        <PaidOrder id={orderId} />
      ) : (
        <Button asChild>
          <Link to="/user/orders">See my orders</Link>
        </Button>
      )}
    </Box>
  );
}
