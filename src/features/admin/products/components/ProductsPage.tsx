import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatRupees } from '../../../../../machines/pricing';
import { PageTitle } from '@/components/layout/PageTitle';
import { FilterSelect, Pager, SearchBox } from '@/components/staff/ListControls';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffTable, type StaffColumn } from '@/components/staff/StaffTable';
import { useStaffProducts, type StaffProduct } from '../api/products';
import {
  PRODUCT_PAGE_SIZE,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  productListParams,
  productsSearchFor,
  productsSearchFrom,
  type ProductListParams,
  type ProductStatus,
  type StaffProductSort,
} from '../params';

const ANY = 'any';

export const PRODUCT_SORT_LABEL: Record<StaffProductSort, string> = {
  sort: 'Menu position',
  '-sort': 'Menu position, last first',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  code: 'Code, A to Z',
  '-code': 'Code, Z to A',
  price: 'Price, lowest first',
  '-price': 'Price, highest first',
  '-updatedAt': 'Changed, newest first',
  updatedAt: 'Changed, oldest first',
};

const STATUS_LABEL: Record<ProductStatus | typeof ANY, string> = { any: 'Active and hidden', active: 'Active', hidden: 'Hidden' };

const COLUMNS: StaffColumn<StaffProduct>[] = [
  {
    id: 'image',
    header: 'Picture',
    cell: (product) =>
      product.image ? (
        <img src={product.image} alt="" width={56} height={42} loading="lazy" style={{ width: '56px', height: '42px', objectFit: 'cover', borderRadius: '6px' }} />
      ) : (
        <Text as="span" fontSize="sm" color="gray.600">
          None
        </Text>
      ),
  },
  {
    id: 'name',
    header: 'Name',
    sort: 'name',
    rowHeader: true,
    cell: (product) => (
      <Link to="/admin/product/edit" search={{ id: product._id }} style={{ fontWeight: 600, textDecoration: 'underline' }}>
        {product.name}
      </Link>
    ),
  },
  { id: 'code', header: 'Code', sort: 'code', nowrap: true, cell: (product) => product.code },
  { id: 'price', header: 'Price', sort: 'price', nowrap: true, cell: (product) => formatRupees(product.price) },
  {
    id: 'actual_price',
    header: 'Struck price',
    nowrap: true,
    cell: (product) => (
      <Text as="s" color="gray.700">
        {formatRupees(product.actual_price)}
      </Text>
    ),
  },
  {
    id: 'active',
    header: 'In the shop',
    cell: (product) => <Badge colorPalette={product.active ? 'green' : 'gray'}>{product.active ? 'Active' : 'Hidden'}</Badge>,
  },
  { id: 'sort', header: 'Position', sort: 'sort', nowrap: true, cell: (product) => product.sort },
];

/** The catalogue for staff: every product, hidden ones too, searched, filtered, sorted and paged by the server. */
export function ProductsPage({ search }: { search: unknown }) {
  const params = productListParams(productsSearchFrom(search));
  const products = useStaffProducts(params);
  const navigate = useNavigate();
  const show = (change: Partial<ProductListParams>) => void navigate({ to: '/admin/products', search: productsSearchFor({ ...params, page: 1, ...change }) });
  const filtered = Boolean(params.q || params.status);
  const data = products.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / PRODUCT_PAGE_SIZE)) : 1;

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <Flex justify="space-between" align="flex-start" gap="4" wrap="wrap">
        <PageTitle title="Products">The kits in the shop, in the order of its menus. Hide a kit to take it off sale.</PageTitle>
        <Button asChild colorPalette="brand">
          <Link to="/admin/add-new-product">Add product</Link>
        </Button>
      </Flex>
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        <SearchBox id="product-search" label="Search products" placeholder="Name or code" value={params.q} onSearch={(q) => show({ q })} />
        <FilterSelect<ProductStatus | typeof ANY>
          id="product-status"
          label="Shown"
          value={params.status ?? ANY}
          values={[ANY, ...PRODUCT_STATUSES]}
          labels={STATUS_LABEL}
          onChange={(status) => show({ status: status === ANY ? undefined : status })}
        />
        <FilterSelect id="product-sort" label="Sort by" value={params.sort} values={PRODUCT_SORTS} labels={PRODUCT_SORT_LABEL} onChange={(sort) => show({ sort })} />
        {filtered ? (
          <Button variant="ghost" size="sm" mb="1" onClick={() => show({ q: undefined, status: undefined })}>
            Clear filters
          </Button>
        ) : null}
        <Text role="status" srOnly>
          {products.isPlaceholderData ? 'Updating the list…' : ''}
        </Text>
      </Flex>
      <StaffListBody
        query={products}
        what="the products"
        latestWhat="the latest products"
        testId="products-empty"
        page={params.page}
        lastPage={lastPage}
        onLastPage={() => show({ page: lastPage })}
        nothingOnPage="There are no products"
        filtered={filtered}
        noMatch="No product matches these filters."
        noneYet="No products yet."
      >
        {(data) => (
          <>
            <StaffTable
              columns={COLUMNS}
              rows={data.items}
              rowId={(product) => product._id}
              caption={`Products, ${PRODUCT_SORT_LABEL[params.sort].toLowerCase()}`}
              sort={params.sort}
              onSort={(sort) => show({ sort: sort as StaffProductSort })}
              updating={products.isPlaceholderData}
              testId="products"
            />
            <Pager
              label="Pages of products"
              page={params.page}
              pageSize={PRODUCT_PAGE_SIZE}
              shown={data.items.length}
              total={data.total}
              onPage={(page) => void navigate({ to: '/admin/products', search: productsSearchFor({ ...params, page }) })}
            />
          </>
        )}
      </StaffListBody>
    </Box>
  );
}
