import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectCart } from '../../../../machines/cart';
import { formatRupees } from '../../../../machines/pricing';
import { useActors } from '@/app/actors-context';
import { PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';

/** The signed-in person's cart; adding, coupons and checkout arrive with the buying flow. */
export function CartPage() {
  const { cart } = useActors();
  const state = useSelector(cart, selectCart);
  const failed = useSelector(cart, (s) => s.matches('failed'));
  return (
    <Box maxW="4xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title="Your cart" />
      {failed ? (
        <Box role="alert" borderWidth="1px" borderColor="red.200" bg="red.50" rounded="lg" p="6">
          <Text mb="4">We could not load your cart. Check your connection and try again.</Text>
          <Button onClick={() => cart.send({ type: 'cart.fetch' })}>Try again</Button>
        </Box>
      ) : state.loading ? (
        <PageSpinner label="Loading your cart…" />
      ) : state.totalCart === 0 ? (
        <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6" data-testid="empty-cart">
          <Text mb="4">Your cart is empty. Find the test that fits you.</Text>
          <Button asChild colorPalette="brand">
            <Link to="/products/gut360">Browse our test kits</Link>
          </Button>
        </Box>
      ) : (
        <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6">
          <Box as="ul" listStyleType="none" mb="4">
            {state.kits.map((kit) => (
              <Box as="li" key={kit._id} display="flex" justifyContent="space-between" py="2" borderBottomWidth="1px">
                <Text>{kit.name}</Text>
                <Text fontWeight="semibold">{formatRupees(kit.price)}</Text>
              </Box>
            ))}
          </Box>
          <Text fontWeight="bold">Payable: {formatRupees(state.price)}</Text>
        </Box>
      )}
    </Box>
  );
}
