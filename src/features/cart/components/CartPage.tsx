import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { selectCart, selectCartAcceptsChanges, selectCartRequest, type CartRequest } from '../../../../machines/cart';
import { couponKitNames, couponScopeLabel, formatRupees, MAX_KITS_PER_CART } from '../../../../machines/pricing';
import type { components } from '../../../../openapi/schema';
import { useActors, useActorsLoaded } from '@/lib/actors-context';
import { kitLines, type KitLine } from '@/lib/kit-lines';
import { Quantity } from '@/components/ui/Quantity';
import { ContentSkeleton } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { CouponForm, OfferNotice } from './CouponForm';

/** Keeps "− ₹499.90" on one line. */
const NBSP = '\u00a0';

type Kit = components['schemas']['Kit'];

export interface CartPageProps {
  /** A coupon code kept from an offer link, handed over once (then forgotten) to be applied to this cart. */
  takeOfferCode?: () => string | null;
}

/** Where the cart will be while it loads: about one kit's line, or the empty cart's box. */
const CART_SKELETON = ['9rem'] as const;

/**
 * The signed-in person's cart: a line per kit with its quantity, the coupon, and the figures of SPEC §3/§4 as the
 * server computed them. Its frame paints before the shop's actors and the cart have arrived.
 */
export function CartPage({ takeOfferCode }: CartPageProps) {
  const loaded = useActorsLoaded();
  return (
    <CartLayout>
      {loaded ? <CartContents takeOfferCode={takeOfferCode} /> : <ContentSkeleton label="Loading your cart…" blocks={CART_SKELETON} />}
    </CartLayout>
  );
}

function CartLayout({ children }: { children: ReactNode }) {
  return (
    <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title="Your cart" />
      {children}
    </Box>
  );
}

/**
 * The cart page as the server sends it before anything is known (src/prerender.tsx): the skeleton, and the empty
 * cart's box, hidden, which the entry shows instead when this browser last saw the cart empty under the session it
 * keeps (src/lib/cart-shape.ts). The empty box is the same for everyone.
 */
export function CartFrame() {
  return (
    <CartLayout>
      <div data-cart-frame="loading">
        <ContentSkeleton label="Loading your cart…" blocks={CART_SKELETON} />
      </div>
      <div data-cart-frame="empty" hidden>
        <EmptyCart coupon={null} />
      </div>
    </CartLayout>
  );
}

function CartContents({ takeOfferCode }: CartPageProps) {
  const { cart } = useActors();
  const state = useSelector(cart, selectCart);
  const failed = useSelector(cart, (snapshot) => snapshot.matches('failed'));
  const acceptsChanges = useSelector(cart, selectCartAcceptsChanges);
  const request = useSelector(cart, selectCartRequest);
  const [offerCode, setOfferCode] = useState<string | null>(null);

  // An offer link's code is applied as soon as the cart can take it.
  useEffect(() => {
    if (!acceptsChanges || !takeOfferCode) return;
    const code = takeOfferCode();
    if (code) {
      setOfferCode(code.toUpperCase());
      cart.send({ type: 'cart.requestCoupon', code });
    }
  }, [acceptsChanges, takeOfferCode, cart]);

  // Outcomes are news on this visit only.
  useEffect(() => () => cart.send({ type: 'cart.dismiss' }), [cart]);

  return (
    <>
      {failed && state.totalCart === 0 ? (
        <Box role="alert" borderWidth="1px" borderColor="red.200" bg="red.50" rounded="lg" p="6">
          <Text mb="4">We could not load your cart. Check your connection and try again.</Text>
          <Button colorPalette="brand" onClick={() => cart.send({ type: 'cart.fetch' })}>
            Try again
          </Button>
        </Box>
      ) : state.loading ? (
        <ContentSkeleton label="Loading your cart…" blocks={CART_SKELETON} />
      ) : (
        <>
          {failed ? (
            <Box role="alert" borderWidth="1px" borderColor="red.200" bg="red.50" rounded="lg" p="4" mb="6">
              <Text>
                We could not refresh your cart, so it may be out of date.{' '}
                <Button variant="plain" p="0" h="auto" textDecoration="underline" onClick={() => cart.send({ type: 'cart.fetch' })}>
                  Try again
                </Button>
              </Text>
            </Box>
          ) : null}
          <OfferNotice
            request={request?.operation === 'applyCoupon' && offerCode !== null && request.subject === offerCode ? request : null}
            percentage={state.discountInPercentage}
          />
          <ItemNotice request={request} />
          {state.totalCart === 0 ? (
            <EmptyCart coupon={state.coupon} />
          ) : (
            <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '3fr 2fr' }} gap={{ base: '6', lg: '10' }} alignItems="start">
              <Box as="section" aria-labelledby="cart-kits-title">
                <Heading as="h2" id="cart-kits-title" size="lg" mb="3">
                  {state.totalCart === 1 ? '1 kit' : `${state.totalCart} kits`}
                </Heading>
                <Box as="ul" listStyleType="none" borderTopWidth="1px" borderColor="gray.200" data-testid="cart-lines">
                  {kitLines(state.kits).map((line) => (
                    <CartLine
                      key={line.product}
                      line={line}
                      coupon={state.coupon}
                      removing={request?.operation === 'deleteItem' && request.status === 'pending' && line.kits.some((kit) => kit._id === request.subject)}
                      adding={request?.operation === 'addItem' && request.status === 'pending' && request.subject === line.product}
                      disabled={!acceptsChanges}
                      full={state.totalCart >= MAX_KITS_PER_CART}
                      // The kit added last goes first; any of the line's kits would leave the same cart.
                      onRemove={() => cart.send({ type: 'cart.requestDeleteItem', itemId: line.kits[line.kits.length - 1]!._id })}
                      onAdd={() => cart.send({ type: 'cart.requestAddItem', productId: line.product })}
                    />
                  ))}
                </Box>
                <Box asChild display="inline-block" mt="4" color="brand.700" textDecoration="underline">
                  <Link to="/products/gut360">Add another kit</Link>
                </Box>
              </Box>
              <Box as="section" aria-labelledby="cart-summary-title" borderWidth="1px" borderColor="gray.200" rounded="xl" p={{ base: '4', md: '6' }}>
                <Heading as="h2" id="cart-summary-title" size="lg" mb="4">
                  Order summary
                </Heading>
                <CouponForm
                  coupon={state.coupon}
                  percentage={state.discountInPercentage}
                  kits={couponKitNames(state.kits)}
                  request={request}
                  offerCode={offerCode}
                  disabled={!acceptsChanges}
                  onApply={(code) => {
                    setOfferCode(null);
                    cart.send({ type: 'cart.requestCoupon', code });
                  }}
                  onRemove={() => {
                    setOfferCode(null);
                    cart.send({ type: 'cart.requestRemoveCoupon' });
                  }}
                />
                <Figures
                  usualPrice={usualPriceOf(state.kits)}
                  actualPrice={state.actual_price}
                  discount={state.discount}
                  percentage={state.discountInPercentage}
                  coupon={state.coupon}
                  couponKits={couponKitNames(state.kits)}
                  price={state.price}
                />
                <Button asChild size="lg" colorPalette="brand" w="full" mt="6">
                  <Link to="/checkout" data-testid="proceed-to-checkout">
                    Proceed to checkout
                  </Link>
                </Button>
                <Text fontSize="sm" color="gray.600" mt="3">
                  Prices include GST. The server checks every figure again when you place the order.
                </Text>
              </Box>
            </Box>
          )}
        </>
      )}
    </>
  );
}

function CartLine({
  line,
  coupon,
  removing,
  adding,
  disabled,
  full,
  onRemove,
  onAdd,
}: {
  line: KitLine<Kit>;
  coupon: string | null;
  removing: boolean;
  adding: boolean;
  disabled: boolean;
  /** The cart holds the most kits one order takes. */
  full: boolean;
  onRemove: () => void;
  onAdd: () => void;
}) {
  // The coupon's discount on this line's kits: a coupon limited to some kits takes nothing off the others.
  const discount = line.kits.reduce((sum, kit) => sum + (kit.discount ?? 0), 0);
  // Taken off sale since it was added: it stays to be removed, and counts in no figure nor in the order.
  const unavailable = line.kits[0]?.available === false;
  return (
    <Box as="li" display="flex" alignItems="center" gap={{ base: '3', md: '4' }} py="4" borderBottomWidth="1px" borderColor="gray.200" data-testid="cart-line">
      {/* A kit staff added without a picture keeps the tinted frame. */}
      <Box flexShrink={0} w={{ base: '16', md: '24' }} aspectRatio="4 / 3" rounded="md" overflow="hidden" bg="brand.50">
        {line.kits[0]?.image ? (
          <img src={line.kits[0].image} alt="" width={96} height={72} loading="lazy" decoding="async" style={{ width: '100%', height: 'auto', display: 'block' }} />
        ) : null}
      </Box>
      <Box flex="1" minW="0">
        <Text fontWeight="semibold">{line.name}</Text>
        {unavailable ? (
          <Text color="red.700" fontSize="sm" data-testid="cart-line-unavailable">
            No longer available: left out of your order and its total.
          </Text>
        ) : null}
        <Box>
          <Quantity count={line.quantity} testId="cart-line-quantity" />
        </Box>
        {coupon && discount > 0 ? (
          <Text fontSize="sm" color="brand.700" overflowWrap="break-word" data-testid="cart-line-discount">
            {coupon} −{NBSP}{formatRupees(discount)}
          </Text>
        ) : null}
      </Box>
      <Box textAlign="right" display={unavailable ? 'none' : undefined}>
        <Text fontWeight="semibold" data-testid="cart-line-price">
          {formatRupees(line.price)}
        </Text>
        {line.actual_price > line.price ? (
          <Text as="s" fontSize="sm" color="gray.600">
            <Box as="span" srOnly>
              Usual price{' '}
            </Box>
            {formatRupees(line.actual_price)}
          </Text>
        ) : null}
      </Box>
      <Box display="flex" flexDirection={{ base: 'column', sm: 'row' }} gap="2" flexShrink={0}>
        <Button variant="outline" size="sm" onClick={onRemove} loading={removing} loadingText="Removing" disabled={disabled || adding} aria-label={`Remove one ${line.name}`}>
          {line.quantity > 1 ? 'Remove one' : 'Remove'}
        </Button>
        {unavailable ? null : (
          <Button
            variant="outline"
            size="sm"
            onClick={onAdd}
            loading={adding}
            disabled={disabled || removing || full}
            aria-label={`Add one more ${line.name}`}
            title={full ? `An order takes at most ${MAX_KITS_PER_CART} kits` : undefined}
          >
            +
          </Button>
        )}
      </Box>
    </Box>
  );
}

/** What the kits that count in the order cost at their usual (struck-through) price. */
function usualPriceOf(kits: readonly Kit[]): number {
  return kits.reduce((sum, kit) => (kit.available === false ? sum : sum + Math.max(kit.actual_price, kit.price)), 0);
}

/**
 * SPEC §3/§4: actual price (before discount), discount (actual − payable) with its percentage, payable price. When
 * the kits sell below their usual price, the usual price comes first and the saving last, so that the struck-through
 * prices of the lines and a discount of ₹0 read as one story: the kits' own saving, then the coupon's.
 */
function Figures({
  usualPrice,
  actualPrice,
  discount,
  percentage,
  coupon,
  couponKits,
  price,
}: {
  usualPrice: number;
  actualPrice: number;
  discount: number;
  percentage: number;
  coupon: string | null;
  /** The kits a coupon limited to some kits applies to; null when it applies to every kit. */
  couponKits: string[] | null;
  price: number;
}) {
  return (
    <>
      <Box as="dl" mt="6" display="grid" gridTemplateColumns="1fr auto" rowGap="2" columnGap="4" data-testid="cart-figures">
      {usualPrice > actualPrice ? (
        <>
          <Text as="dt" color="gray.700">
            Usual price
          </Text>
          <Text as="dd" textAlign="right" color="gray.600" data-testid="usual-price">
            <s>{formatRupees(usualPrice)}</s>
          </Text>
        </>
      ) : null}
      <Text as="dt" color="gray.700">
        Actual price{usualPrice > actualPrice ? ' (the kits’ price now)' : ''}
      </Text>
      <Text as="dd" textAlign="right" data-testid="actual-price">
        {formatRupees(actualPrice)}
      </Text>
      <Text as="dt" color="gray.700">
        Discount{coupon ? (couponKits ? ` (${couponScopeLabel(coupon, percentage, couponKits)})` : ` (${coupon}, ${percentage}%)`) : ''}
      </Text>
      <Text as="dd" textAlign="right" color={discount > 0 ? 'brand.700' : undefined} data-testid="discount">
        {discount > 0 ? `− ${formatRupees(discount)}` : formatRupees(0)}
      </Text>
      {/* One rule across both columns: a border on the dt and the dd each would break at the column gap. */}
      <Box gridColumn="1 / -1" display="flex" justifyContent="space-between" gap="4" borderTopWidth="1px" borderColor="gray.300" mt="2" pt="3" fontWeight="bold" fontSize="lg">
        <dt>Payable</dt>
        <Text as="dd" textAlign="right" data-testid="payable">
          {formatRupees(price)}
        </Text>
      </Box>
      </Box>
      {usualPrice > price ? (
        <Text mt="2" fontSize="sm" color="brand.700" data-testid="cart-saving">
          You save {formatRupees(usualPrice - price)} on the usual price.
        </Text>
      ) : null}
    </>
  );
}

/** What happened to the last kit added or removed, when it needs saying here. */
function ItemNotice({ request }: { request: CartRequest | null }) {
  if ((request?.operation !== 'deleteItem' && request?.operation !== 'addItem') || request.status !== 'failed') return null;
  return (
    <Box role="alert" borderWidth="1px" borderColor="red.200" bg="red.50" rounded="lg" p="4" mb="6">
      <Text>{request.message}</Text>
    </Box>
  );
}

function EmptyCart({ coupon }: { coupon: string | null }) {
  return (
    <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '5', md: '8' }} data-testid="empty-cart">
      <Heading as="h2" size="lg" mb="2">
        Your cart is empty
      </Heading>
      <Text mb="4" color="gray.700">
        {coupon
          ? `Your coupon ${coupon} is saved and will apply to the kits you add.`
          : 'Find the test that fits you: start small with Gut Start or see the whole picture with Gut 360.'}
      </Text>
      <Box display="flex" flexWrap="wrap" gap="3">
        <Button asChild colorPalette="brand">
          <Link to="/products/gut360-start">Gut Start</Link>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <Link to="/products/gut360">Gut 360</Link>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <Link to="/products/gutsens">Gut SEnS</Link>
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <Link to="/products/ibs-heal">Gut Heal</Link>
        </Button>
      </Box>
    </Box>
  );
}
