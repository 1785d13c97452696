import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { formatRupees } from '../../../machines/rupees';
import { useProductsAsSent, type Product } from '@/lib/catalogue';
import { site } from '@/lib/site';

/** The link to a kit's page: the shop's own kits have routes of their own, a kit staff added is at /products/$slug. */
function kitLink({ slug, name }: Product) {
  const own = site.products.find((item) => item.to === `/products/${slug}`);
  return own ? (
    <Link to={own.to}>View {name}</Link>
  ) : (
    <Link to="/products/$slug" params={{ slug }}>
      View {name}
    </Link>
  );
}

/** About the height of a kit's card, so that the loading cards take the same room. */
const CARD_MIN_HEIGHT = '60';

/** The home page: what we do, and the four kits from the live catalogue. */
export function HomePage() {
  useEffect(() => {
    document.title = `${site.brand} | Gut microbiome tests in India`;
  }, []);
  return (
    <Box>
      <Box bg="brand.50" px={{ base: '4', md: '6' }} py={{ base: '12', md: '20' }}>
        <Box maxW="4xl" mx="auto" textAlign="center">
          <Heading as="h1" size={{ base: '3xl', md: '5xl' }} color="brand.900" lineHeight="1.15">
            Know your gut. Eat for it.
          </Heading>
          <Text mt="4" fontSize={{ base: 'md', md: 'xl' }} color="gray.700">
            At-home gut microbiome tests, read by our scientists and turned into an Indian diet plan you can follow.
          </Text>
          <Button asChild mt="8" size="lg" colorPalette="brand">
            <Link to="/products/gut360-start">Start with Gut Start at {site.launchPrice}</Link>
          </Button>
        </Box>
      </Box>
      <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
        <Heading as="h2" size="2xl" mb="6">
          Our test kits
        </Heading>
        <KitCards />
      </Box>
    </Box>
  );
}

/**
 * The kits of the live catalogue: the only part of the page that reads it, so that its arrival re-renders it alone.
 * The page comes with them when the server filled it in (server/plugins/catalogue-page.ts).
 */
function KitCards() {
  const products = useProductsAsSent();
  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" aria-busy={products.isPending}>
      {/* While the catalogue loads, four empty cards keep the kits' place so that nothing below them moves. */}
      {products.isPending
        ? Array.from({ length: 4 }, (_, index) => (
            <Box key={index} aria-hidden="true" bg="gray.50" borderWidth="1px" borderColor="gray.100" rounded="xl" minH={CARD_MIN_HEIGHT} />
          ))
        : null}
      {products.data?.map((product) => (
        <Box key={product._id} borderWidth="1px" borderColor="gray.200" rounded="xl" p="5" display="flex" flexDirection="column" minH={CARD_MIN_HEIGHT}>
          <Heading as="h3" size="lg">
            {product.name}
          </Heading>
          <Text mt="2" color="gray.700" flex="1">
            {product.summary}
          </Text>
          <Text mt="4" fontSize="xl" fontWeight="bold" color="brand.800">
            {formatRupees(product.price)}
            {product.actual_price > product.price ? (
              <Box as="s" ml="2" fontSize="md" fontWeight="normal" color="gray.600">
                <Box as="span" srOnly>
                  was{' '}
                </Box>
                {formatRupees(product.actual_price)}
              </Box>
            ) : null}
          </Text>
          <Button asChild mt="4" variant="outline" colorPalette="brand">
            {kitLink(product)}
          </Button>
        </Box>
      ))}
      {products.isError ? (
        <Text color="gray.700">Our kits could not be loaded just now. Please refresh the page in a moment.</Text>
      ) : null}
    </SimpleGrid>
  );
}
