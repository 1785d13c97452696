import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Spinner } from '@chakra-ui/react/spinner';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { DeliveryAddress } from '../../../../machines/address';
import { selectCart } from '../../../../machines/cart';
import { CART_CHANGED_MESSAGE, checkoutMachine, checkoutStep, type PlacedOrder, type ReviewedCart } from '../../../../machines/checkout';
import { couponKitNames, formatRupees } from '../../../../machines/pricing';
import type { components } from '../../../../openapi/schema';
import { useActors, useAuthState } from '@/lib/actors-context';
import { kitLines } from '@/lib/kit-lines';
import { useShopMachine } from '@/lib/use-shop-machine';
import { orderQueryOptions, ordersQueryOptions } from '@/lib/orders';
import { PriceSummary } from '@/components/ui/PriceSummary';
import { Quantity } from '@/components/ui/Quantity';
import { ContentSkeleton } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { ApiError } from '@/lib/api-client';
import { addressQueryOptions, saveAddress, useSavedAddress } from '../api/address';
import { createOrder, PaymentNotMade, payWithTestGateway, startPayment, verifyPayment } from '../api/payment';
import { AddressForm } from '@/components/ui/AddressForm';

type PaymentSession = components['schemas']['PaymentSession'];
type PaymentAuthorization = components['schemas']['PaymentAuthorization'];

const STEPS = [
  { key: 'address', label: 'Address' },
  { key: 'review', label: 'Review' },
  { key: 'payment', label: 'Payment' },
  { key: 'verification', label: 'Confirmation' },
] as const;

function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

function Panel({ children, label }: { children: React.ReactNode; label: string }) {
  return (
    <Box as="section" aria-label={label} borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '4', md: '6' }} bg="white">
      {children}
    </Box>
  );
}

function AddressSummary({ address }: { address: DeliveryAddress }) {
  return (
    <Box as="address" fontStyle="normal" color="gray.700" lineHeight="tall">
      <Text fontWeight="semibold">{address.name}</Text>
      <Text>{address.line1}</Text>
      {address.line2 ? <Text>{address.line2}</Text> : null}
      <Text>
        {address.city}, {address.state} {address.pincode}
      </Text>
      <Text>+91 {address.phone}</Text>
    </Box>
  );
}

/** What each way of failing to pay means for the person's money and order, and what the retry does. */
const PAYMENT_PROBLEMS = {
  opening: {
    title: 'We could not open the payment',
    charged: 'Your order is kept with the same kits and prices. Nothing was charged.',
    retry: 'Try again',
  },
  paying: {
    title: 'The payment did not go through',
    charged: 'Your order is kept with the same kits and prices, and nothing was charged for this attempt.',
    retry: 'Try the payment again',
  },
  confirming: {
    title: 'The payment could not be confirmed',
    charged:
      'Your order is kept unpaid. If your bank shows a charge for this attempt, contact us with your order number and we will match it to your order or refund it.',
    retry: 'Pay again',
  },
  unconfirmed: {
    title: 'We could not confirm your payment yet',
    charged:
      'Your payment may have gone through. Do not pay again: check again when you are back online. If it went through, your order shows as paid in your orders.',
    retry: 'Check again',
  },
} as const;

function PaymentProblem({ problem, message, onRetry }: { problem: keyof typeof PAYMENT_PROBLEMS; message: string | null; onRetry: () => void }) {
  const { title, charged, retry } = PAYMENT_PROBLEMS[problem];
  const unsure = problem === 'unconfirmed';
  return (
    <Box
      role="alert"
      borderWidth="1px"
      borderColor={unsure ? 'orange.200' : 'red.200'}
      bg={unsure ? 'orange.50' : 'red.50'}
      rounded="lg"
      p={{ base: '4', md: '6' }}
      data-testid="payment-problem"
    >
      <Heading as="h2" size="md" mb="2">
        {title}
      </Heading>
      {message ? <Text mb="2">{message}</Text> : null}
      <Text mb="4" color="gray.700">
        {charged}
      </Text>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3">
        <Button colorPalette="brand" onClick={onRetry}>
          {retry}
        </Button>
        <Button asChild variant="outline">
          <Link to="/user/orders">See my orders</Link>
        </Button>
      </Stack>
    </Box>
  );
}

/** Checkout while the cart and the saved address load: its heading, and where the steps and the form will be. */
export function CheckoutFrame() {
  return (
    <Box maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title="Checkout" />
      <ContentSkeleton label="Loading your checkout…" blocks={['1.5rem', '24rem']} />
    </Box>
  );
}

/**
 * Checkout, driven by the checkout machine: address → review → payment → verification → success or failure.
 * With `resumeOrderId`, it pays an order placed earlier (its payment failed or was left unfinished).
 */
/**
 * Nothing in the cart: after an order was placed and the page reloaded (or opened again), the order waiting for its
 * payment is what the person came back for, so it is offered first; otherwise the kits.
 */
function EmptyCart() {
  const orders = useQuery(ordersQueryOptions);
  const waiting = orders.data?.find((order) => order.status === 'pending');
  if (orders.isPending) return <ContentSkeleton label="Loading your checkout…" blocks={['9rem']} />;
  if (waiting) {
    return (
      <Panel label="Order waiting for payment">
        <Text mb="4" data-testid="order-waiting">
          Your cart is empty: its kits are in order {waiting.number}, which is waiting for its payment of {formatRupees(waiting.price)}.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild colorPalette="brand">
            <Link to="/checkout" search={{ order: waiting._id }}>
              Pay {formatRupees(waiting.price)} now
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/user/orders" search={{ order: waiting._id }}>
              See the order
            </Link>
          </Button>
        </Stack>
      </Panel>
    );
  }
  return (
    <Panel label="Empty cart">
      <Text mb="4">Your cart is empty, so there is nothing to check out yet.</Text>
      <Button asChild colorPalette="brand">
        <Link to="/products/gut360">Browse our test kits</Link>
      </Button>
    </Panel>
  );
}

export function CheckoutPage({ resumeOrderId }: { resumeOrderId?: string }) {
  const { cart } = useActors();
  const cartState = useSelector(cart, selectCart);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const savedAddress = useSavedAddress();
  const { user } = useAuthState();
  // One key per visit to the page: a double click or a retried request places one order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [paying, setPaying] = useState(false);

  const machine = useMemo(
    () =>
      checkoutMachine.provide({
        actors: {
          saveAddress: fromPromise<DeliveryAddress, DeliveryAddress>(async ({ input }) => {
            const saved = await saveAddress(input);
            queryClient.setQueryData(addressQueryOptions.queryKey, saved);
            return saved;
          }),
          placeOrder: fromPromise<PlacedOrder, ReviewedCart>(async ({ input }) => {
            const placed = await createOrder(idempotencyKey, input);
            // The server emptied the cart into the order; the badge follows.
            cart.send({ type: 'cart.fetch' });
            return placed;
          }),
          startPayment: fromPromise<PaymentSession, { orderId: string }>(({ input }) => startPayment(input.orderId)),
          verifyPayment: fromPromise<{ orderId: string }, PaymentAuthorization>(({ input }) => verifyPayment(input)),
        },
        actions: {
          // The cart changed since it was reviewed: the review, its total and the badge show it as the server sent it.
          showChangedCart: (_, { cart: answer }) => cart.send({ type: 'cart.received', answer }),
        },
      }),
    [idempotencyKey, queryClient, cart],
  );
  const [snapshot, send] = useShopMachine(machine);
  const step = checkoutStep(snapshot);
  const { context } = snapshot;

  // The notice that the cart changed is above the review, out of sight of the button just pressed on a phone: it takes
  // the focus, which brings it into view, each time placing the order finds the cart changed.
  const cartChangedNotice = useRef<HTMLDivElement>(null);
  const cartChanged = snapshot.matches({ review: 'changed' });
  useEffect(() => {
    if (cartChanged) cartChangedNotice.current?.focus();
  }, [cartChanged]);

  const resumed = useQuery({ ...orderQueryOptions(resumeOrderId ?? ''), enabled: Boolean(resumeOrderId) });
  const waitingToResume = Boolean(resumeOrderId) && context.order === null;
  useEffect(() => {
    if (!resumed.data || context.order !== null) return;
    if (resumed.data.status === 'pending') {
      send({ type: 'checkout.resume', order: { _id: resumed.data._id, price: resumed.data.price }, address: resumed.data.address as DeliveryAddress });
    } else if (resumed.data.status === 'paid') {
      void navigate({ to: '/success', search: { order: resumed.data._id } });
    }
  }, [resumed.data, context.order, send, navigate]);

  useEffect(() => {
    if (snapshot.status === 'done' && context.paidOrderId) {
      cart.send({ type: 'cart.fetch' });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['kits'] });
      void navigate({ to: '/success', search: { order: context.paidOrderId } });
    }
  }, [snapshot.status, context.paidOrderId, cart, queryClient, navigate]);

  const payTest = async (outcome: 'success' | 'failure') => {
    if (!context.payment) return;
    setPaying(true);
    try {
      const authorization = await payWithTestGateway(context.payment.gatewayOrderId, outcome);
      send({ type: 'checkout.authorized', authorization });
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'refused') send({ type: 'checkout.declined', message: error.message });
      else send({ type: 'checkout.gatewayUnreachable', message: error instanceof Error ? error.message : '' });
    } finally {
      setPaying(false);
    }
  };

  const payRazorpay = async () => {
    if (!context.payment) return;
    setPaying(true);
    try {
      const session = await startPayment(context.payment.orderId);
      const { payWithRazorpay } = await import('../api/razorpay-checkout');
      const authorization = await payWithRazorpay({ ...session, name: 'Gut360 Health', prefill: { name: context.address?.name ?? '', email: '', contact: `+91${context.address?.phone ?? ''}` } });
      send({ type: 'checkout.authorized', authorization });
    } catch (error) {
      if (error instanceof PaymentNotMade) send({ type: 'checkout.declined', message: error.message });
      else send({ type: 'checkout.gatewayUnreachable', message: error instanceof Error ? error.message : '' });
    } finally {
      setPaying(false);
    }
  };

  if (waitingToResume && (resumed.isError || (resumed.data && resumed.data.status !== 'pending' && resumed.data.status !== 'paid'))) {
    return (
      <Box maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <PageTitle title="Checkout" />
        <Box role="alert" borderWidth="1px" borderColor="red.200" bg="red.50" rounded="lg" p="6">
          <Text mb="4">This order cannot be paid here. Your orders show what is open and what is paid.</Text>
          <Button asChild>
            <Link to="/user/orders">See my orders</Link>
          </Button>
        </Box>
      </Box>
    );
  }
  if (waitingToResume || savedAddress.isPending || cartState.loading) return <CheckoutFrame />;

  const pastTheCart = step === 'payment' || step === 'verification' || step === 'unconfirmed' || step === 'failure';
  if (cartState.totalCart === 0 && !pastTheCart && snapshot.status !== 'done') {
    return (
      <Box maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <PageTitle title="Checkout" />
        <EmptyCart />
      </Box>
    );
  }

  // A payment that failed is at the payment step, one not yet confirmed at the confirmation step.
  const shownStep = step === 'failure' ? 'payment' : step === 'unconfirmed' ? 'verification' : step;
  const currentIndex = STEPS.findIndex((s) => s.key === shownStep);
  return (
    <Box maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title="Checkout" />
      <Box as="ol" display="flex" gap={{ base: '2', md: '4' }} mb="6" listStyleType="none" flexWrap="wrap" aria-label="Checkout steps">
        {STEPS.map((s, index) => (
          <Box
            as="li"
            key={s.key}
            aria-current={s.key === shownStep ? 'step' : undefined}
            fontSize="sm"
            fontWeight={s.key === shownStep ? 'bold' : 'normal'}
            color={index <= currentIndex ? 'gray.900' : 'gray.600'}
          >
            {index + 1}. {s.label}
          </Box>
        ))}
      </Box>

      {step === 'address' ? (
        <Panel label="Delivery address">
          <Heading as="h2" size="md" mb="4">
            Where should we send your kit?
          </Heading>
          {context.error ? (
            <Text role="alert" color="red.700" mb="4">
              {context.error}
            </Text>
          ) : null}
          <AddressForm
            initial={context.address ?? savedAddress.data ?? null}
            profile={user}
            saving={snapshot.matches({ address: 'saving' })}
            serverErrors={context.fieldErrors}
            onSubmit={(address) => send({ type: 'checkout.submitAddress', address })}
          />
        </Panel>
      ) : null}

      {step === 'review' && context.address ? (
        <Stack gap="4">
          {context.notice ? (
            <Box
              ref={cartChangedNotice}
              tabIndex={-1}
              role="alert"
              borderWidth="1px"
              borderColor="orange.200"
              bg="orange.50"
              rounded="lg"
              p="4"
              data-testid="cart-changed"
            >
              <Heading as="h2" size="sm" mb="1">
                {context.notice}
              </Heading>
              <Text color="gray.700">{CART_CHANGED_MESSAGE}</Text>
            </Box>
          ) : null}
          <Panel label="Your kits">
            <Heading as="h2" size="md" mb="4">
              Review your order
            </Heading>
            <Box as="ul" listStyleType="none">
              {/* Kits taken off sale since they were added are left out of the order. */}
              {kitLines(cartState.kits.filter((kit) => kit.available !== false)).map((line) => {
                // The coupon's discount on this line: a coupon limited to some kits takes nothing off the others.
                const lineDiscount = line.kits.reduce((sum, kit) => sum + (kit.discount ?? 0), 0);
                return (
                  <Box as="li" key={line.product} display="flex" justifyContent="space-between" gap="3" py="2" borderBottomWidth="1px">
                    <Text>
                      {line.name} <Quantity count={line.quantity} />
                    </Text>
                    <Box textAlign="right">
                      <Text>{formatRupees(line.price)}</Text>
                      {cartState.coupon && lineDiscount > 0 ? (
                        <Text fontSize="sm" color="brand.700" overflowWrap="anywhere" data-testid="review-line-discount">
                          {cartState.coupon} − {formatRupees(lineDiscount)}
                        </Text>
                      ) : null}
                    </Box>
                  </Box>
                );
              })}
            </Box>
            <PriceSummary
              mt="4"
              actualPrice={cartState.actual_price}
              coupon={cartState.coupon}
              couponKits={couponKitNames(cartState.kits)}
              discountInPercentage={cartState.discountInPercentage}
              discount={cartState.discount}
              price={cartState.price}
              totalLabel="To pay (GST included)"
              totalTestId="checkout-total"
            />
          </Panel>
          <Panel label="Delivery address">
            <Heading as="h2" size="sm" mb="2">
              Delivering to
            </Heading>
            <AddressSummary address={context.address} />
            <Button variant="outline" size="sm" mt="3" onClick={() => send({ type: 'checkout.editAddress' })} disabled={snapshot.matches({ review: 'placing' })}>
              Change the address
            </Button>
          </Panel>
          {context.error ? (
            <Box role="alert" borderWidth="1px" borderColor="red.200" bg="red.50" rounded="lg" p="4">
              <Text fontWeight="semibold" mb="1">
                Your order was not placed yet.
              </Text>
              <Text mb="2">{context.error}</Text>
              <Text mb="2" color="gray.700">
                Nothing was charged. Placing the order again is safe: it never makes a second order.
              </Text>
              <Link to="/cart">Go back to your cart</Link>
            </Box>
          ) : null}
          <Button
            colorPalette="brand"
            size="lg"
            loading={snapshot.matches({ review: 'placing' })}
            loadingText="Placing your order…"
            // What the person sees here is what the order is placed for: the cart's version and total as shown.
            onClick={() => send({ type: 'checkout.placeOrder', reviewed: { cartVersion: cartState.version, cartPrice: cartState.price } })}
          >
            Place order and pay {formatRupees(cartState.price)}
          </Button>
        </Stack>
      ) : null}

      {step === 'payment' ? (
        <Panel label="Payment">
          {snapshot.matches({ payment: 'starting' }) || !context.payment ? (
            <Box display="flex" alignItems="center" gap="3" role="status">
              <Spinner size="sm" />
              <Text>Opening the payment…</Text>
            </Box>
          ) : context.payment.provider === 'test' ? (
            <Box>
              <Heading as="h2" size="md" mb="2">
                Test payment
              </Heading>
              <Text mb="4" color="gray.700">
                This shop runs with its built-in test gateway: no real money moves. Choose how the payment of{' '}
                <strong>{formatRupees(context.payment.amount)}</strong> should end.
              </Text>
              <Stack direction={{ base: 'column', md: 'row' }} gap="3">
                <Button colorPalette="brand" loading={paying} loadingText="Paying…" onClick={() => void payTest('success')}>
                  Pay {formatRupees(context.payment.amount)}
                </Button>
                <Button variant="outline" disabled={paying} onClick={() => void payTest('failure')}>
                  Decline the payment
                </Button>
              </Stack>
            </Box>
          ) : (
            <Box>
              <Heading as="h2" size="md" mb="2">
                Pay securely with Razorpay
              </Heading>
              <Text mb="4" color="gray.700">
                UPI, cards, net banking and wallets. Amount: {formatRupees(context.payment.amount)}.
              </Text>
              <Button colorPalette="brand" loading={paying} loadingText="Waiting for the payment…" onClick={() => void payRazorpay()}>
                Pay {formatRupees(context.payment.amount)}
              </Button>
            </Box>
          )}
        </Panel>
      ) : null}

      {step === 'verification' || step === 'success' ? (
        <Panel label="Confirming the payment">
          <Box display="flex" alignItems="center" gap="3" role="status">
            <Spinner size="sm" />
            <Text>Confirming your payment with the bank…</Text>
          </Box>
        </Panel>
      ) : null}

      {step === 'failure' || step === 'unconfirmed' ? (
        <PaymentProblem
          problem={step === 'unconfirmed' ? 'unconfirmed' : (context.failedStep ?? 'paying')}
          message={context.error}
          onRetry={() => send({ type: 'checkout.retry' })}
        />
      ) : null}
    </Box>
  );
}
