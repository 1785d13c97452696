import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { FormAlert } from '@/components/ui/fields';
import { notify } from '@/components/ui/notices';
import { ApiError } from '@/lib/api-client';
import { useCreateProduct, useStaffProduct, useUpdateProduct, type StaffProduct } from '../api/products';
import { ProductForm } from './ProductForm';

/** The confirmation arrives when first asked for: the edit page opens without the dialog's code. */
const DeleteProductDialog = lazy(() => import('./DeleteProductDialog'));

function BackToList() {
  return (
    <Box asChild display="inline-block" mb="4" color="brand.700" textDecoration="underline" fontSize="sm">
      <Link to="/admin/products">Back to products</Link>
    </Box>
  );
}

/** A new product: the form, and once saved, its edit page. */
export function AddProductPage() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  return (
    <Box maxW="5xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <BackToList />
      <PageTitle title="Add product">A new kit for the shop. It gets its own page and a place in the Products menu once saved.</PageTitle>
      <ProductForm
        submitLabel="Save product"
        busyLabel="Saving…"
        onSave={async (input) => {
          const product = await create.mutateAsync(input);
          notify.success(`${product.name} is saved${product.active ? ' and on sale in the shop' : ', hidden from the shop'}.`);
          await navigate({ to: '/admin/product/edit', search: { id: product._id } });
        }}
      />
    </Box>
  );
}

/** A product's edit page: the form, Hide or Show, and Delete when it was never ordered. */
export function EditProductPage({ id }: { id: string | undefined }) {
  if (!id) {
    return (
      <Box maxW="5xl" mx="auto" px={{ base: '4', md: '6' }} py="10">
        <BackToList />
        <PageTitle title="Edit product">No product was chosen. Open one from the list of products.</PageTitle>
      </Box>
    );
  }
  return <EditProduct id={id} />;
}

function EditProduct({ id }: { id: string }) {
  const product = useStaffProduct(id);
  return (
    <Box maxW="5xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <BackToList />
      {product.isPending ? (
        <PageSpinner label="Loading the product…" />
      ) : product.isError ? (
        product.error instanceof ApiError && product.error.status === 404 ? (
          <PageTitle title="Product not found">There is no such product; it may have been deleted.</PageTitle>
        ) : (
          <DataLoadFailure what="the product" error={product.error} onRetry={() => void product.refetch()} />
        )
      ) : (
        // A fresh form for each saved version, so that it shows what the server kept.
        <EditForm key={product.data.updatedAt} product={product.data} />
      )}
    </Box>
  );
}

function EditForm({ product }: { product: StaffProduct }) {
  const update = useUpdateProduct(product._id);
  const visibility = useUpdateProduct(product._id);
  const [confirming, setConfirming] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  // Awaited rather than given callbacks: the saved product re-keys this form, and callbacks passed to `mutate` are
  // dropped once the form that called it has gone, taking the notice with them.
  const toggle = async () => {
    setActionError(null);
    try {
      const saved = await visibility.mutateAsync({ active: !product.active });
      notify.success(saved.active ? `${saved.name} is on sale in the shop again.` : `${saved.name} is hidden from the shop.`);
    } catch (error) {
      setActionError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <>
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <PageTitle title={`Edit ${product.name}`}>
          {product.code} ·{' '}
          <Box asChild color="brand.700" textDecoration="underline">
            <a href={`/products/${product.slug}`} target="_blank" rel="noreferrer">
              /products/{product.slug}
            </a>
          </Box>
        </PageTitle>
        <Badge colorPalette={product.active ? 'green' : 'gray'} size="lg" data-testid="product-status">
          {product.active ? 'Active' : 'Hidden'}
        </Badge>
      </Flex>
      <Box as="section" aria-labelledby="product-availability" borderWidth="1px" borderColor="gray.200" rounded="lg" p="4" mb="8" maxW="3xl">
        <Text id="product-availability" fontWeight="semibold" mb="1">
          In the shop
        </Text>
        <Text color="gray.700" mb="3">
          {product.active
            ? 'On sale: in the menus, on its page and in carts. Hiding it takes it off sale at once; carts that hold it say so.'
            : 'Hidden: not in the menus, and its page says it is not available. Carts that hold it leave it out of the order.'}
          {product.ordered ? ' It has been ordered, so it stays in the records and can be hidden but not deleted.' : ''}
        </Text>
        <Flex gap="3" wrap="wrap">
          <Button variant="outline" onClick={() => void toggle()} loading={visibility.isPending} loadingText={product.active ? 'Hiding…' : 'Showing…'}>
            {product.active ? 'Hide from the shop' : 'Show in the shop'}
          </Button>
          {product.ordered ? null : (
            <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
              Delete product
            </Button>
          )}
        </Flex>
        {actionError ? (
          <Box mt="3">
            <FormAlert>{actionError}</FormAlert>
          </Box>
        ) : null}
      </Box>
      <ProductForm
        product={product}
        submitLabel="Save changes"
        busyLabel="Saving…"
        onSave={async (input) => {
          const saved = await update.mutateAsync(input);
          notify.success(`${saved.name} is saved.`);
        }}
      />
      {confirming ? (
        <Suspense fallback={null}>
          <DeleteProductDialog product={product} onClose={() => setConfirming(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
