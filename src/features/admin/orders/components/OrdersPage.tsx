import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { formatRupees } from '../../../../../machines/pricing';
import { PageTitle } from '@/components/layout/PageTitle';
import { ExportButton } from '@/components/staff/ExportButton';
import { DateFilter, FilterSelect, Pager, SearchBox } from '@/components/staff/ListControls';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffTable, type StaffColumn } from '@/components/staff/StaffTable';
import { formatShopDateTime } from '@/lib/dates';
import { orderFilter, useStaffOrders, type StaffOrderSummary } from '../api/list-orders';
import { ANY_PRODUCT, useProductFilter } from '../../products/product-filter';
import {
  ORDER_ATTENTIONS,
  ORDER_DATES,
  ORDER_KIT_STATES,
  ORDER_PAGE_SIZE,
  ORDER_SORTS,
  ORDER_STATUSES,
  orderListParams,
  ordersSearchFrom,
  PAYMENT_STATUSES,
  type OrderAttention,
  type OrderDates,
  type OrderKitState,
  type OrderListParams,
  type OrdersSearch,
  type OrderStatus,
  type StaffOrderSort,
  type StaffPaymentStatus,
} from '../params';
import {
  ATTENTION_LABEL,
  DATES_LABEL,
  KIT_STATE_COLOR,
  KIT_STATE_NEXT_STEP,
  kitStateLabel,
  ORDER_KIT_STATE_LABEL,
  ORDER_SORT_LABEL,
  ORDER_STATUS_COLOR,
  ORDER_STATUS_LABEL,
  PAYMENT_STATUS_LABEL,
} from './labels';

const ANY = 'any';

/**
 * The address's search for `params`, leaving the defaults out so that the plain address is the usual view. Here rather
 * than beside the parameters: those ship with the shop's first page, this only with the list.
 */
function ordersSearchFor(params: OrderListParams): OrdersSearch {
  return {
    q: params.q,
    status: params.status,
    payment: params.payment,
    product: params.product,
    kitState: params.kitState,
    days: params.days,
    from: params.from,
    to: params.to,
    dates: params.dates === 'placed' ? undefined : params.dates,
    attention: params.attention,
    sort: params.sort === '-createdAt' ? undefined : params.sort,
    page: params.page === 1 ? undefined : params.page,
  };
}

const COLUMNS: readonly StaffColumn<StaffOrderSummary>[] = [
  {
    id: 'number',
    header: 'Order',
    sort: 'number',
    rowHeader: true,
    nowrap: true,
    cell: (order) => (
      <Link to="/admin/order" search={{ id: order._id }} style={{ fontWeight: 600, textDecoration: 'underline' }}>
        {order.number}
      </Link>
    ),
  },
  { id: 'createdAt', header: 'Placed', sort: 'createdAt', nowrap: true, cell: (order) => formatShopDateTime(order.createdAt) },
  {
    id: 'customer',
    header: 'Customer',
    cell: (order) => (
      <Stack gap="0">
        <Text as="span">{order.customer.fullname?.trim() || 'Erased account'}</Text>
        {order.customer.email ? (
          <Text as="span" fontSize="sm" color="gray.600" overflowWrap="anywhere">
            {order.customer.email}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  { id: 'shipTo', header: 'Ship to', cell: (order) => order.shipTo },
  {
    id: 'kits',
    header: 'Kits',
    cell: (order) =>
      order.kits.length === 0 ? (
        order.products.join(', ')
      ) : (
        <Stack as="ul" gap="1" listStyleType="none">
          {order.kits.map((kit, index) => (
            <Flex as="li" key={index} gap="1" wrap="wrap" align="center">
              <Text as="span">{kit.name}</Text>
              <Badge colorPalette={KIT_STATE_COLOR[kit.state]} variant="subtle">
                {kitStateLabel(kit)}
              </Badge>
            </Flex>
          ))}
        </Stack>
      ),
  },
  {
    id: 'total',
    header: 'Total',
    sort: 'total',
    nowrap: true,
    cell: (order) => (
      <Stack gap="0">
        <Text as="span">{formatRupees(order.price)}</Text>
        {order.refundedAmount > 0 ? (
          <Text as="span" fontSize="sm" color="gray.600">
            {formatRupees(order.refundedAmount)} refunded
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: (order) => (
      <Flex gap="1" wrap="wrap">
        <Badge colorPalette={ORDER_STATUS_COLOR[order.status]}>{ORDER_STATUS_LABEL[order.status]}</Badge>
        {order.paymentStatus === 'failed' || order.paymentStatus === 'partlyRefunded' ? (
          <Badge colorPalette="orange">{PAYMENT_STATUS_LABEL[order.paymentStatus]}</Badge>
        ) : null}
      </Flex>
    ),
  },
];

/** The columns, with the step waiting on each order when the list holds the orders of one work queue. */
function columnsFor(kitState: OrderKitState | undefined): readonly StaffColumn<StaffOrderSummary>[] {
  const next = kitState ? KIT_STATE_NEXT_STEP[kitState] : undefined;
  if (!next) return COLUMNS;
  return [
    ...COLUMNS,
    {
      id: 'next',
      header: 'Next step',
      nowrap: true,
      cell: (order) => (
        <Link to="/admin/order" search={{ id: order._id }} hash={next.hash} aria-label={`${next.label}: order ${order.number}`} style={{ fontWeight: 600, textDecoration: 'underline' }}>
          {next.label}
        </Link>
      ),
    },
  ];
}

/** The shop's orders, searched, filtered, sorted and paged by the server, the list's state kept in the address. */
export function OrdersPage({ search }: { search: unknown }) {
  const asked = ordersSearchFrom(search);
  // The Kit filter offers the shop's products: a new kit as soon as staff add it.
  const productFilter = useProductFilter(asked.product, 'Any kit');
  const params = orderListParams(asked, productFilter.codes);
  const orders = useStaffOrders(params);
  const navigate = useNavigate();
  // Another search, filter or order starts again at the first page.
  const show = (change: Partial<OrderListParams>) => void navigate({ to: '/admin/orders', search: ordersSearchFor({ ...params, page: 1, ...change }) });
  const filtered = Boolean(
    params.q || params.status || params.payment || params.product || params.kitState || params.from || params.to || params.dates !== 'placed' || params.attention,
  );
  const columns = useMemo(() => columnsFor(params.kitState), [params.kitState]);
  const data = orders.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / ORDER_PAGE_SIZE)) : 1;

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <PageTitle title="Orders">Find an order by its number, a kit's code or its customer, then ship it, follow its kits or refund it.</PageTitle>
      <Flex gap="4" mb="3" wrap="wrap" align="flex-end">
        <SearchBox
          id="order-search"
          label="Search orders"
          placeholder="Order number, kit code, name, e-mail or mobile"
          value={params.q}
          onSearch={(q) => show({ q })}
        />
        <FilterSelect id="order-sort" label="Sort by" value={params.sort} values={ORDER_SORTS} labels={ORDER_SORT_LABEL} onChange={(sort) => show({ sort })} />
      </Flex>
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        <FilterSelect<OrderStatus | typeof ANY>
          id="order-status"
          label="Order status"
          value={params.status ?? ANY}
          values={[ANY, ...ORDER_STATUSES]}
          labels={{ any: 'Any status', ...ORDER_STATUS_LABEL }}
          onChange={(status) => show({ status: status === ANY ? undefined : status })}
        />
        <FilterSelect<StaffPaymentStatus | typeof ANY>
          id="order-payment"
          label="Payment"
          value={params.payment ?? ANY}
          values={[ANY, ...PAYMENT_STATUSES]}
          labels={{ any: 'Any payment', ...PAYMENT_STATUS_LABEL }}
          onChange={(payment) => show({ payment: payment === ANY ? undefined : payment })}
        />
        <FilterSelect
          id="order-product"
          label="Kit"
          value={params.product ?? ANY_PRODUCT}
          values={productFilter.values}
          labels={productFilter.labels}
          onChange={(product) => show({ product: product === ANY_PRODUCT ? undefined : product })}
        />
        <FilterSelect<OrderKitState | typeof ANY>
          id="order-kit-state"
          label="Holding a kit that is"
          value={params.kitState ?? ANY}
          values={[ANY, ...ORDER_KIT_STATES]}
          labels={{ any: 'Any state', ...ORDER_KIT_STATE_LABEL }}
          onChange={(kitState) => show({ kitState: kitState === ANY ? undefined : kitState, days: undefined })}
        />
        {params.kitState && params.days ? (
          <Text mb="2" fontSize="sm" data-testid="order-state-days">
            for {params.days} days or more{' '}
            <Button variant="plain" size="sm" h="auto" px="0" textDecoration="underline" onClick={() => show({ days: undefined })}>
              (any time)
            </Button>
          </Text>
        ) : null}
        <FilterSelect<OrderAttention | typeof ANY>
          id="order-attention"
          label="Needs a look"
          value={params.attention ?? ANY}
          values={[ANY, ...ORDER_ATTENTIONS]}
          labels={{ any: 'Anything', ...ATTENTION_LABEL }}
          onChange={(attention) => show({ attention: attention === ANY ? undefined : attention })}
        />
        <FilterSelect<OrderDates>
          id="order-dates"
          label="Days of"
          value={params.dates}
          values={ORDER_DATES}
          labels={DATES_LABEL}
          onChange={(dates) => show({ dates })}
        />
        <DateFilter id="order-from" label={`${DATES_LABEL[params.dates]} from`} value={params.from} onChange={(from) => show({ from })} />
        <DateFilter id="order-to" label={`${DATES_LABEL[params.dates]} until`} value={params.to} onChange={(to) => show({ to })} />
        {filtered ? (
          <Button
            variant="ghost"
            size="sm"
            mb="1"
            onClick={() =>
              show({
                q: undefined,
                status: undefined,
                payment: undefined,
                product: undefined,
                kitState: undefined,
                days: undefined,
                from: undefined,
                to: undefined,
                dates: 'placed',
                attention: undefined,
              })
            }
          >
            Clear filters
          </Button>
        ) : null}
        {/* Seen as the dimmed rows; said by a screen reader. */}
        <Text role="status" srOnly>
          {orders.isPlaceholderData ? 'Updating the list…' : ''}
        </Text>
      </Flex>
      <StaffListBody
        query={orders}
        what="the orders"
        latestWhat="the latest orders"
        testId="orders-empty"
        page={params.page}
        lastPage={lastPage}
        onLastPage={() => show({ page: lastPage })}
        nothingOnPage="There are no orders"
        filtered={filtered}
        noMatch="No order matches these filters."
        noneYet="No orders yet."
      >
        {(data) => (
          <>
            <Flex justify="flex-end" mb="2">
              <ExportButton request={{ kind: 'orders', filter: orderFilter(params) }} what="orders" />
            </Flex>
            <StaffTable
              columns={columns}
              rows={data.items}
              rowId={(order) => order._id}
              caption={`Orders, ${ORDER_SORT_LABEL[params.sort].toLowerCase()}`}
              sort={params.sort}
              onSort={(sort) => show({ sort: sort as StaffOrderSort })}
              updating={orders.isPlaceholderData}
              testId="orders"
            />
            <Pager
              label="Pages of orders"
              page={params.page}
              pageSize={ORDER_PAGE_SIZE}
              shown={data.items.length}
              total={data.total}
              onPage={(page) => void navigate({ to: '/admin/orders', search: ordersSearchFor({ ...params, page }) })}
            />
          </>
        )}
      </StaffListBody>
    </Box>
  );
}
