import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import {
  selectCartAcceptsChanges,
  selectCartLoading,
  selectCartRequest,
  selectTotalCart,
} from '../../../../machines/cart';
import { useActors, useActorsLoaded, useAuthState } from '@/lib/actors-context';
import { CART_LOGIN_MESSAGE } from '@/lib/site';
import { notify } from '@/components/ui/notices';
import { savePreviousPage } from '@/lib/storage';

interface AddToCartProps {
  /** The catalogue product's id; undefined while the catalogue loads. */
  productId: string | undefined;
  name: string;
}

/** Add to cart, with what happened said right below the button (space kept for it, so nothing shifts). */
export function AddToCart(props: AddToCartProps) {
  // Until the cart's machine has loaded (and while a prerendered page is being taken over) the button waits.
  if (!useActorsLoaded()) return <AddToCartLayout button={<Button size="lg" colorPalette="brand" loading loadingText="Add to cart" />} />;
  return <AddToCartButton {...props} />;
}

function AddToCartLayout({ button, status }: { button: React.ReactNode; status?: React.ReactNode }) {
  return (
    <Box>
      {button}
      <Box minH="12" mt="2" aria-live="polite">
        {status}
      </Box>
    </Box>
  );
}

function AddToCartButton({ productId, name }: AddToCartProps) {
  const { cart } = useActors();
  const auth = useAuthState();
  const navigate = useNavigate();
  const href = useRouterState({ select: (state) => state.location.href });
  const acceptsChanges = useSelector(cart, selectCartAcceptsChanges);
  const cartLoading = useSelector(cart, selectCartLoading);
  const cartFailed = useSelector(cart, (snapshot) => snapshot.matches('failed'));
  const request = useSelector(cart, selectCartRequest);
  const totalCart = useSelector(cart, selectTotalCart);
  const mine = request?.operation === 'addItem' && request.subject === productId ? request : null;

  // What happened to this kit is news on this page only.
  useEffect(() => () => cart.send({ type: 'cart.dismiss' }), [cart]);

  const add = () => {
    if (!auth.login) {
      // SPEC §5: the cart is for signed-in people; come back here after signing in.
      notify.error(CART_LOGIN_MESSAGE);
      savePreviousPage(href);
      void navigate({ to: '/login' });
      return;
    }
    if (productId) cart.send({ type: 'cart.requestAddItem', productId });
  };

  const signedInButWaiting = auth.login && (cartLoading || (!acceptsChanges && !cartFailed));
  const waiting = auth.loading || !productId || signedInButWaiting;
  const button = (
    <Button
      size="lg"
      colorPalette="brand"
      onClick={add}
      disabled={waiting || cartFailed}
      loading={mine?.status === 'pending' || (waiting && !cartFailed)}
      loadingText={mine?.status === 'pending' ? 'Adding…' : 'Add to cart'}
    >
      Add to cart
    </Button>
  );

  let status: React.ReactNode = null;
  if (auth.login && cartFailed) {
    status = (
      <Text role="alert" color="red.700">
        We could not load your cart.{' '}
        <Button variant="plain" size="sm" p="0" h="auto" color="red.800" textDecoration="underline" onClick={() => cart.send({ type: 'cart.fetch' })}>
          Try again
        </Button>
      </Text>
    );
  } else if (mine?.status === 'pending') {
    status = <Text color="gray.700">Adding {name} to your cart…</Text>;
  } else if (mine?.status === 'done') {
    status = (
      <Text color="brand.800" data-testid="added-to-cart">
        {name} is in your cart.{' '}
        <Box asChild fontWeight="semibold" textDecoration="underline">
          <Link to="/cart">
            View cart ({totalCart} {totalCart === 1 ? 'kit' : 'kits'})
          </Link>
        </Box>
      </Text>
    );
  } else if (mine?.status === 'failed') {
    status = (
      <Text role="alert" color="red.700">
        {mine.message}{' '}
        {mine.code === 'CART_FULL' ? (
          <Box asChild fontWeight="semibold" textDecoration="underline">
            <Link to="/cart">Go to your cart</Link>
          </Box>
        ) : null}
      </Text>
    );
  }
  return <AddToCartLayout button={button} status={status} />;
}
