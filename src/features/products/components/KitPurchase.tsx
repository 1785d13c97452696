import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { useProductsAsSent } from '@/lib/catalogue';
import { AddToCart } from './AddToCart';
import { PriceTag } from './PriceTag';

/**
 * A kit's live price and its Add to cart. The only part of a kit's page that reads the catalogue: when the
 * catalogue arrives, these re-render, not the whole page around them. The page comes with its price when the server
 * filled it in (server/plugins/catalogue-page.ts).
 */
export function KitPurchase({ code, name }: { code: string; name: string }) {
  const products = useProductsAsSent();
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
