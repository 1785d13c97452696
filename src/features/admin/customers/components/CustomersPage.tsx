import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { ExportButton } from '@/components/staff/ExportButton';
import { DateFilter, FilterSelect, Pager, SearchBox } from '@/components/staff/ListControls';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffTable, type StaffColumn } from '@/components/staff/StaffTable';
import { formatShopDate } from '@/lib/dates';
import { useCustomers, type StaffCustomer } from '../api/list-customers';
import { ANY_PRODUCT, useProductFilter } from '../../products/product-filter';
import { customerFilter, customerListParams, customersSearchFrom, type CustomerListParams } from '../list-params';
import { CUSTOMER_LISTS, type CustomerDetailPath, type CustomerListId } from '../lists';
import { CUSTOMER_KIT_STATES, CUSTOMER_PAGE_SIZE, type CustomerKitState, type CustomersSearch, type CustomerSort } from '../params';

const SORT_LABEL: Record<CustomerSort, string> = {
  '-signedUpAt': 'Newest sign-ups first',
  signedUpAt: 'Oldest sign-ups first',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  email: 'E-mail, A to Z',
  '-email': 'E-mail, Z to A',
  '-orders': 'Most orders first',
  orders: 'Fewest orders first',
  '-lastOrderAt': 'Latest order first',
  lastOrderAt: 'Oldest order first',
};

const ANY = 'any';
const KIT_STATE_LABEL: Record<CustomerKitState | typeof ANY, string> = {
  any: 'Any state',
  paid: 'Paid, to ship',
  shipped: 'Shipped',
  delivered: 'Delivered, not activated',
  activated: 'Activated',
  sampleReceived: 'Sample at the lab',
  reportReady: 'Report ready',
  qcFailed: 'Sample failed QC',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The address's search for `params`, leaving the defaults out so that the plain address is the usual view. */
function searchFor(params: CustomerListParams, fixedProducts: readonly string[]): CustomersSearch {
  const product = fixedProducts.length === 0 ? params.products[0] : undefined;
  return {
    q: params.q,
    product,
    kitState: params.kitState,
    days: params.days,
    from: params.from,
    to: params.to,
    sort: params.sort === '-signedUpAt' ? undefined : params.sort,
    page: params.page === 1 ? undefined : params.page,
  };
}

function columns(detailPath: CustomerDetailPath): StaffColumn<StaffCustomer>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sort: 'name',
      rowHeader: true,
      cell: (customer) => (
        <Link to={detailPath} search={{ id: customer._id }} style={{ fontWeight: 600, textDecoration: 'underline' }}>
          {customer.fullname.trim() || 'No name given'}
        </Link>
      ),
    },
    {
      id: 'email',
      header: 'E-mail',
      sort: 'email',
      cell: (customer) => (
        <Text as="span" overflowWrap="anywhere">
          {customer.email ?? '—'}
        </Text>
      ),
    },
    { id: 'phone', header: 'Phone', nowrap: true, cell: (customer) => customer.phone ?? '—' },
    { id: 'signedUpAt', header: 'Signed up', sort: 'signedUpAt', nowrap: true, cell: (customer) => formatShopDate(customer.signedUpAt) },
    { id: 'orders', header: 'Orders', sort: 'orders', cell: (customer) => customer.orders },
    {
      id: 'lastOrderAt',
      header: 'Last order',
      sort: 'lastOrderAt',
      nowrap: true,
      cell: (customer) => (customer.lastOrderAt ? formatShopDate(customer.lastOrderAt) : '—'),
    },
    { id: 'products', header: 'Products', cell: (customer) => (customer.products.length > 0 ? customer.products.join(', ') : '—') },
    {
      id: 'kits',
      header: 'Kits',
      nowrap: true,
      cell: (customer) => (customer.kits.total === 0 ? '—' : `${customer.kits.total} (${customer.kits.activated} activated)`),
    },
  ];
}

interface CustomersPageProps {
  list: CustomerListId;
  /** The address's search as it came; the page reads it by the list's rules. */
  search: unknown;
}

/** A list of customers, searched, filtered, sorted and paged by the server, its state kept in the address. */
export function CustomersPage({ list, search }: CustomersPageProps) {
  const { title, about, path: listPath, detailPath, products: fixedProducts } = CUSTOMER_LISTS[list];
  const asked = customersSearchFrom(search);
  // The Bought filter offers the shop's products: a new kit as soon as staff add it.
  const productFilter = useProductFilter(fixedProducts.length === 0 ? asked.product : undefined, 'Any product', fixedProducts.length === 0);
  const params = customerListParams(asked, fixedProducts, productFilter.codes);
  const customers = useCustomers(params);
  const tableColumns = useMemo(() => columns(detailPath), [detailPath]);
  const navigate = useNavigate();
  const chosenProduct = fixedProducts.length === 0 ? params.products[0] : undefined;

  // Another search, filter or order starts again at the first page.
  const show = (change: Partial<CustomerListParams>) =>
    void navigate({ to: listPath, search: searchFor({ ...params, page: 1, ...change }, fixedProducts) });
  const filtered = Boolean(params.q || params.kitState || params.from || params.to || (fixedProducts.length === 0 && params.products.length > 0));

  const data = customers.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / CUSTOMER_PAGE_SIZE)) : 1;

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <PageTitle title={title}>{about}</PageTitle>
      <Flex gap="4" mb="3" wrap="wrap" align="flex-end">
        <SearchBox
          id="customer-search"
          label="Search customers"
          placeholder="Name, e-mail, phone or kit code"
          value={params.q}
          onSearch={(q) => show({ q })}
        />
        <FilterSelect
          id="customer-sort"
          label="Sort by"
          value={params.sort}
          values={Object.keys(SORT_LABEL) as CustomerSort[]}
          labels={SORT_LABEL}
          onChange={(sort) => show({ sort })}
        />
      </Flex>
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        {fixedProducts.length === 0 ? (
          <FilterSelect
            id="customer-product"
            label="Bought"
            value={chosenProduct ?? ANY_PRODUCT}
            values={productFilter.values}
            labels={productFilter.labels}
            onChange={(product) => show({ products: product === ANY_PRODUCT ? [] : [product] })}
          />
        ) : null}
        <FilterSelect
          id="customer-kit-state"
          label="Has a kit that is"
          value={params.kitState ?? ANY}
          values={[ANY, ...CUSTOMER_KIT_STATES]}
          labels={KIT_STATE_LABEL}
          onChange={(kitState) => show({ kitState: kitState === ANY ? undefined : kitState, days: undefined })}
        />
        {params.kitState && params.days ? (
          <Text mb="2" fontSize="sm" data-testid="customer-state-days">
            for {params.days} days or more{' '}
            <Button variant="plain" size="sm" h="auto" px="0" textDecoration="underline" onClick={() => show({ days: undefined })}>
              (any time)
            </Button>
          </Text>
        ) : null}
        <DateFilter id="customer-from" label="Signed up from" value={params.from} onChange={(from) => show({ from })} />
        <DateFilter id="customer-to" label="Signed up until" value={params.to} onChange={(to) => show({ to })} />
        {filtered ? (
          <Button variant="ghost" size="sm" mb="1" onClick={() => show({ q: undefined, kitState: undefined, days: undefined, from: undefined, to: undefined, products: [] })}>
            Clear filters
          </Button>
        ) : null}
        {/* Seen as the dimmed rows; said by a screen reader. */}
        <Text role="status" srOnly>
          {customers.isPlaceholderData ? 'Updating the list…' : ''}
        </Text>
      </Flex>
      <StaffListBody
        query={customers}
        what="the customers"
        latestWhat="the latest customers"
        testId="customers-empty"
        page={params.page}
        lastPage={lastPage}
        onLastPage={() => show({ page: lastPage })}
        nothingOnPage="There are no customers"
        filtered={filtered}
        noMatch="No customer matches these filters."
        noneYet="No customers yet."
      >
        {(data) => (
          <>
            <Flex justify="flex-end" mb="2">
              <ExportButton request={{ kind: 'customers', filter: customerFilter(params) }} what="customers" />
            </Flex>
            <StaffTable
              columns={tableColumns}
              rows={data.items}
              rowId={(customer) => customer._id}
              caption={`${title}, ${SORT_LABEL[params.sort].toLowerCase()}`}
              sort={params.sort}
              onSort={(sort) => show({ sort: sort as CustomerSort })}
              updating={customers.isPlaceholderData}
              testId="customers"
            />
            <Pager
              label="Pages of customers"
              page={params.page}
              pageSize={CUSTOMER_PAGE_SIZE}
              shown={data.items.length}
              total={data.total}
              onPage={(page) => void navigate({ to: listPath, search: searchFor({ ...params, page }, fixedProducts) })}
            />
          </>
        )}
      </StaffListBody>
    </Box>
  );
}
