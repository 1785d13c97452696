import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuthState } from '@/lib/actors-context';
import { PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { savePreviousPage } from '@/lib/storage';
import { isOfferCode, keepOfferCode } from './offer-code';

/**
 * An offer link, /discount/CODE (DESIGN §8): the code is kept in the browser and applied to the cart once the person
 * is signed in. Signed-in people go straight to their cart, where it is applied and the outcome is shown.
 */
export function DiscountPage({ code }: { code: string }) {
  const auth = useAuthState();
  const navigate = useNavigate();
  const valid = isOfferCode(code);
  const shown = code.toUpperCase();

  useEffect(() => {
    if (!valid) return;
    keepOfferCode(code);
    if (auth.login) void navigate({ to: '/cart', replace: true });
  }, [valid, code, auth.login, navigate]);

  if (!valid) {
    return (
      <Box maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
        <PageTitle title="This offer link is not valid" />
        <Text mb="6" color="gray.700">
          The link does not hold a coupon code we can read. Check that you copied the whole link, or type the code in your cart.
        </Text>
        <Button asChild colorPalette="brand">
          <Link to="/products/gut360-start">See our kits</Link>
        </Button>
      </Box>
    );
  }
  if (auth.loading || auth.login) return <PageSpinner label={`Applying your offer code ${shown}…`} />;
  return (
    <Box maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title="Your offer is saved" />
      <Box bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="lg" p="5" mb="6" data-testid="offer-saved">
        <Text>
          We have kept the code{' '}
          <Text as="span" fontWeight="bold">
            {shown}
          </Text>{' '}
          on this device. Sign in and we will apply it to your cart, then show you the discount.
        </Text>
      </Box>
      <Box display="flex" flexWrap="wrap" gap="3">
        <Button
          colorPalette="brand"
          onClick={() => {
            savePreviousPage('/cart');
            void navigate({ to: '/login' });
          }}
        >
          Sign in to use the offer
        </Button>
        <Button asChild variant="outline" colorPalette="brand">
          <Link to="/products/gut360-start">Browse the kits first</Link>
        </Button>
      </Box>
    </Box>
  );
}
