import { Box } from '@chakra-ui/react/box';
import { Link } from '@tanstack/react-router';
import { launchOffer, useLaunchOffer } from '../../lib/launch-offer';
import { site } from '../../lib/site';

/** The launch-offer strip above the header (SPEC §2, §9): with the offer's last day; once it is over, Gut Start alone. */
export function PromoBanner() {
  const offer = useLaunchOffer();
  const text =
    offer === 'over'
      ? 'Gut Start, our starter gut test: a first look at your gut bacteria. Shop now'
      : `Launch offer${offer === 'running' ? ` until ${launchOffer.lastDay}` : ''}: Gut Start, our starter gut test, now at ${site.launchPriceText}. Shop now`;
  return (
    <Box bg="brand.800" color="white" textAlign="center" fontSize="sm" py="2" px="4">
      <Box asChild textDecoration="underline" textUnderlineOffset="3px" _hover={{ color: 'brand.100' }}>
        <Link to="/products/gut360-start" data-testid="promo-banner">
          {text}
        </Link>
      </Box>
    </Box>
  );
}
