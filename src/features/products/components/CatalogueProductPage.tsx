import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Text } from '@chakra-ui/react/text';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { productQueryOptions, type ProductDetail } from '../api/product';
import { AddToCart } from './AddToCart';
import { Bullets, Section } from '@/components/layout/Prose';
import { PriceTag } from './PriceTag';

/** The page of a product staff added to the catalogue, made from its data. */
export function CatalogueProductPage({ slug }: { slug: string }) {
  const query = useQuery(productQueryOptions(slug));
  if (query.isPending) return <PageSpinner label="Loading the kit…" />;
  if (query.isError) {
    return (
      <Box maxW="2xl" mx="auto" px={{ base: '4', md: '6' }} py="10">
        <DataLoadFailure what="this kit" error={query.error} onRetry={() => void query.refetch()} />
      </Box>
    );
  }
  const product = query.data;
  if (!product) {
    return (
      <Box maxW="2xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }} data-testid="product-not-found">
        <PageTitle title="Kit not found">We have no kit at this address. It may have been renamed; our kits are in the Products menu.</PageTitle>
        <Button asChild colorPalette="brand">
          <Link to="/">Go to the home page</Link>
        </Button>
      </Box>
    );
  }
  return <ProductDetailPage product={product} />;
}

function Gallery({ product }: { product: ProductDetail }) {
  const [shown, setShown] = useState(0);
  const images = product.images.length > 0 ? product.images : product.image ? [product.image] : [];
  const main = images[Math.min(shown, images.length - 1)];
  if (!main) {
    return <Box rounded="2xl" bg="brand.50" borderWidth="1px" borderColor="brand.100" aspectRatio="4 / 3" aria-hidden="true" />;
  }
  return (
    <Box>
      <Box rounded="2xl" overflow="hidden" bg="brand.50" borderWidth="1px" borderColor="brand.100">
        <img
          src={main}
          alt={images.length > 1 ? `${product.name} (${shown + 1} of ${images.length})` : product.name}
          width={800}
          height={600}
          decoding="async"
          fetchPriority="high"
          style={{ width: '100%', height: 'auto', display: 'block', aspectRatio: '4 / 3', objectFit: 'contain' }}
          data-testid="product-main-image"
        />
      </Box>
      {images.length > 1 ? (
        <Box as="ul" listStyleType="none" display="flex" flexWrap="wrap" gap="2" mt="3" aria-label="More pictures">
          {images.map((src, index) => (
            <li key={src}>
              <Box
                as="button"
                display="block"
                w="16"
                rounded="md"
                overflow="hidden"
                borderWidth="2px"
                borderColor={index === shown ? 'brand.600' : 'gray.200'}
                aria-pressed={index === shown}
                aria-label={`Show picture ${index + 1} of ${images.length}`}
                onClick={() => setShown(index)}
                _focusVisible={{ outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '2px' }}
              >
                <img src={src} alt="" width={64} height={48} loading="lazy" style={{ width: '100%', height: 'auto', display: 'block', aspectRatio: '4 / 3', objectFit: 'cover' }} />
              </Box>
            </li>
          ))}
        </Box>
      ) : null}
    </Box>
  );
}

function ProductDetailPage({ product }: { product: ProductDetail }) {
  const paragraphs = product.description.split(/\n\s*\n/).map((part) => part.trim()).filter(Boolean);
  return (
    <Box as="article" maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '12' }} data-testid="catalogue-product">
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '6', lg: '12' }} alignItems="start">
        <Box order={{ base: 2, lg: 1 }}>
          <Gallery product={product} />
        </Box>
        <Box order={{ base: 1, lg: 2 }}>
          <PageTitle title={product.name}>{product.summary || undefined}</PageTitle>
          <PriceTag product={product} loading={false} failed={false} />
          <Box mt="4">
            {product.active ? (
              <AddToCart productId={product._id} name={product.name} />
            ) : (
              <Text role="status" color="gray.800" bg="gray.100" rounded="md" p="3" minH="12" data-testid="product-unavailable">
                {product.name} is not available right now. Please look at our other kits or contact us.
              </Text>
            )}
          </Box>
        </Box>
      </SimpleGrid>
      {paragraphs.length > 0 ? (
        <Section id="about" title="About this kit">
          {paragraphs.map((paragraph) => (
            <Text key={paragraph} color="gray.800" mb="3" whiteSpace="pre-line">
              {paragraph}
            </Text>
          ))}
        </Section>
      ) : null}
      {product.box.length > 0 ? (
        <Section id="in-the-box" title="What is in the box">
          <Bullets items={product.box} />
        </Section>
      ) : null}
    </Box>
  );
}
