import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { useProducts } from '@/lib/catalogue';
import { AddToCart } from './AddToCart';
import { PriceTag } from './PriceTag';

/**
 * A kit's live price and its Add to cart. The only part of a kit's page that reads the catalogue: when the
 * catalogue arrives, these re-render, not the whole page around them.
 */
export function KitPurchase({ code, name }: { code: string; name: string }) {
  const products = useProducts();
  const product = products.data?.find((candidate) => candidate.code === code);
  const missing = products.isSuccess && !product;
  return (
    <>
      <PriceTag product={product} loading={products.isPending} failed={products.isError || missing} />
      <Box mt="4">
        {missing ? (
          <Text role="alert" color="red.700" minH="12">
            {name} is not available right now. Please look at our other kits or contact us.
          </Text>
        ) : (
          <AddToCart productId={product?._id} name={name} />
        )}
      </Box>
    </>
  );
}
