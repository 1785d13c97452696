import { Box } from '@chakra-ui/react/box';
import { Link } from '@tanstack/react-router';
import { site } from '../../lib/site';

/** The launch-offer strip above the header (SPEC §2, §9). */
export function PromoBanner() {
  return (
    <Box bg="brand.800" color="white" textAlign="center" fontSize="sm" py="2" px="4">
      <Box asChild textDecoration="underline" textUnderlineOffset="3px" _hover={{ color: 'brand.100' }}>
        <Link to="/products/gut360-start">
          Launch offer: Gut Start, our starter gut test, now at {site.launchPriceText}. Shop now
        </Link>
      </Box>
    </Box>
  );
}
