import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import {
  selectCartAcceptsChanges,
  selectCartLoading,
  selectCartRequest,
  selectTotalCart,
} from '../../../../machines/cart';
import { useActors, useActorsLoaded, useAuthState } from '@/lib/actors-context';
import { saveCartIntent, takeCartIntent } from '@/lib/cart-intent';
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
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  // Set when this kit was added for the person on their way back from signing in.
  const [addedAfterSignIn, setAddedAfterSignIn] = useState(false);
  const acceptsChanges = useSelector(cart, selectCartAcceptsChanges);
  const cartLoading = useSelector(cart, selectCartLoading);
  const cartFailed = useSelector(cart, (snapshot) => snapshot.matches('failed'));
  const request = useSelector(cart, selectCartRequest);
  const totalCart = useSelector(cart, selectTotalCart);
  const mine = request?.operation === 'addItem' && request.subject === productId ? request : null;

  // What happened to this kit is news on this page only.
  useEffect(() => () => cart.send({ type: 'cart.dismiss' }), [cart]);

  // Back from signing in to add this kit: add it now, once.
  useEffect(() => {
    if (!auth.login || !acceptsChanges || !productId) return;
    if (!takeCartIntent(productId, pathname)) return;
    setAddedAfterSignIn(true);
    cart.send({ type: 'cart.requestAddItem', productId });
  }, [auth.login, acceptsChanges, productId, pathname, cart]);

  const add = () => {
    if (!auth.login) {
      // The cart is for signed-in people: the sign-in pages say so, and this kit is added on the way back here.
      if (productId) saveCartIntent({ productId, name, path: pathname });
      savePreviousPage(href);
      void navigate({ to: '/login' });
      return;
    }
    setAddedAfterSignIn(false);
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
        {addedAfterSignIn ? `You are signed in, and ${name} is in your cart.` : `${name} is in your cart.`}{' '}
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
