import { Box } from '@chakra-ui/react/box';
import { Link } from '@tanstack/react-router';
import { CartIcon } from './icons';

/** The cart icon with the `totalCart` badge; anonymous visitors are sent to sign in by the cart route's guard. */
export function CartButton({ count }: { count: number }) {
  const label = count === 1 ? 'Cart, 1 item' : `Cart, ${count} items`;
  return (
    <Box
      asChild
      position="relative"
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      w="11"
      h="11"
      rounded="full"
      color="gray.800"
      _hover={{ bg: 'brand.50', color: 'brand.700' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500' }}
    >
      <Link to="/cart" aria-label={label} data-testid="cart-icon">
        <CartIcon size={24} />
        {count > 0 ? (
          <Box
            as="span"
            position="absolute"
            top="0.5"
            right="0.5"
            minW="5"
            h="5"
            px="1"
            rounded="full"
            bg="red.600"
            color="white"
            fontSize="xs"
            fontWeight="bold"
            // A length: a bare "5" would be read as five times the font size, pushing the digit out of the circle.
            lineHeight="1.25rem"
            textAlign="center"
            data-testid="cart-badge"
          >
            {count}
          </Box>
        ) : null}
      </Link>
    </Box>
  );
}
