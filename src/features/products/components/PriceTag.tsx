import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { formatRupees, savingPercent } from '../../../../machines/pricing';
import type { Product } from '@/lib/catalogue';

/** The selling price, with the list price struck through when it is higher; its height is kept while loading. */
export function PriceTag({ product, loading, failed }: { product: Product | undefined; loading: boolean; failed: boolean }) {
  if (!product) {
    return (
      <Box minH="14" display="flex" alignItems="center" aria-busy={loading}>
        <Text color="gray.600">{failed ? 'The price could not be loaded. Please refresh the page.' : 'Loading the price…'}</Text>
      </Box>
    );
  }
  const reduced = product.actual_price > product.price;
  return (
    <Box minH="14" display="flex" alignItems="baseline" flexWrap="wrap" gap="3" data-testid="price">
      <Text as="span" fontSize="3xl" fontWeight="bold" color="gray.900">
        {formatRupees(product.price)}
      </Text>
      {reduced ? (
        <>
          <Text as="s" fontSize="xl" color="gray.600">
            <Box as="span" srOnly>
              Usual price{' '}
            </Box>
            {formatRupees(product.actual_price)}
          </Text>
          <Text as="span" fontWeight="semibold" color="brand.700">
            You save {savingPercent(product.price, product.actual_price)}%
          </Text>
        </>
      ) : null}
      <Text as="span" w="full" fontSize="sm" color="gray.600">
        Inclusive of GST. Free return of your sample in the prepaid envelope.
      </Text>
    </Box>
  );
}
