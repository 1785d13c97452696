import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { FilterSelect, formatCount, Pager, SearchBox } from '@/components/staff/ListControls';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffTable, type StaffColumn } from '@/components/staff/StaffTable';
import { FormAlert } from '@/components/ui/fields';
import { formatShopDate } from '@/lib/dates';
import { useAdminCoupon, useAdminCoupons, useCouponAction, type AdminCoupon } from '../api/coupons';
import {
  COUPON_PAGE_SIZE,
  COUPON_SORTS,
  COUPON_STATUSES,
  couponListParams,
  couponsSearchFor,
  couponsSearchFrom,
  type AdminCouponSort,
  type AdminCouponStatus,
  type CouponListParams,
} from '../params';
import { COUPON_SORT_LABEL, COUPON_STATUS_COLOR, COUPON_STATUS_LABEL, type Pending } from './labels';

/** The dialogs arrive when first opened, keeping the list's own chunk small. */
const CouponDialog = lazy(() => import('./CouponDialog'));
const ConfirmDialog = lazy(() => import('./ConfirmCouponDialog'));

const ANY = 'any';

/** The days a coupon works, in India: "24 Nov 2026 – 31 Dec 2026", "From 1 Dec 2026", "Always". */
export function validityOf(coupon: Pick<AdminCoupon, 'validFrom' | 'validUntil'>): string {
  // A day (YYYY-MM-DD) read at noon in India is that day wherever the browser is.
  const day = (value: string) => formatShopDate(`${value}T12:00:00+05:30`);
  if (coupon.validFrom && coupon.validUntil) return `${day(coupon.validFrom)} – ${day(coupon.validUntil)}`;
  if (coupon.validFrom) return `From ${day(coupon.validFrom)}`;
  if (coupon.validUntil) return `Until ${day(coupon.validUntil)}`;
  return 'No end date';
}

function limitsOf(coupon: AdminCoupon): string {
  const perPerson = coupon.perPersonLimit === 1 ? 'once per person' : `${coupon.perPersonLimit} times per person`;
  return coupon.totalLimit === null ? `${perPerson}, no total limit` : `${perPerson}, ${formatCount(coupon.totalLimit)} in all`;
}


function columns(edit: (coupon: AdminCoupon) => void, ask: (pending: Pending) => void): StaffColumn<AdminCoupon>[] {
  return [
    {
      id: 'code',
      header: 'Code',
      sort: 'code',
      rowHeader: true,
      nowrap: true,
      cell: (coupon) => (
        <Stack gap="0">
          <Text as="span" fontWeight="semibold" fontFamily="mono">
            {coupon.code}
          </Text>
          {coupon.note ? (
            <Text as="span" fontSize="sm" color="gray.600" whiteSpace="normal">
              {coupon.note}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { id: 'percentage', header: 'Off', sort: 'percentage', nowrap: true, cell: (coupon) => `${coupon.percentage}%` },
    {
      id: 'kits',
      header: 'Kits',
      cell: (coupon) => (
        <Stack gap="0">
          <Text as="span">{coupon.products.length === 0 ? 'Every kit' : coupon.products.map((product) => product.name).join(', ')}</Text>
          {coupon.firstOrderOnly ? (
            <Text as="span" fontSize="sm" color="gray.600">
              First orders only
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { id: 'validUntil', header: 'Valid (India)', sort: 'validUntil', cell: (coupon) => validityOf(coupon) },
    { id: 'limits', header: 'Limits', cell: limitsOf },
    { id: 'redemptions', header: 'Used', sort: 'redemptions', nowrap: true, cell: (coupon) => formatCount(coupon.redemptions) },
    {
      id: 'status',
      header: 'Status',
      cell: (coupon) => <Badge colorPalette={COUPON_STATUS_COLOR[coupon.status]}>{COUPON_STATUS_LABEL[coupon.status]}</Badge>,
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (coupon) => (
        <Flex gap="2" wrap="wrap">
          <Button size="xs" variant="outline" onClick={() => edit(coupon)}>
            Edit<Box as="span" srOnly> {coupon.code}</Box>
          </Button>
          {coupon.status === 'active' || coupon.status === 'scheduled' ? (
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => ask({ coupon, action: 'end' })}>
              End now<Box as="span" srOnly> {coupon.code}</Box>
            </Button>
          ) : null}
          {coupon.redemptions === 0 ? (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => ask({ coupon, action: 'delete' })}>
              Delete<Box as="span" srOnly> {coupon.code}</Box>
            </Button>
          ) : null}
        </Flex>
      ),
    },
  ];
}

/** The shop's coupons with their uses so far, searched, filtered, sorted and paged by the server; made and changed in a dialog. */
export function CouponsPage({ search }: { search: unknown }) {
  const params = couponListParams(couponsSearchFrom(search));
  const coupons = useAdminCoupons(params);
  const navigate = useNavigate();
  const go = (next: CouponListParams) => void navigate({ to: '/admin/coupons', search: couponsSearchFor(next) });
  // Another search, filter or order starts again at the first page.
  const show = (change: Partial<CouponListParams>) => go({ ...params, page: 1, edit: undefined, new: false, ...change });
  const data = coupons.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / COUPON_PAGE_SIZE)) : 1;
  const filtered = Boolean(params.q || params.status);

  const listed = data?.items.find((coupon) => coupon._id === params.edit);
  const fetched = useAdminCoupon(listed ? undefined : params.edit);
  const editing = listed ?? fetched.data;

  const [saved, setSaved] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const action = useCouponAction();
  const closeDialog = () => go({ ...params, edit: undefined, new: false });

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <PageTitle title="Coupons">
        Codes customers type in the cart: a percentage off every kit or some kits, for a time, with limits. A coupon that has been used keeps its code and percentage; end it and make a new one to change them.
      </PageTitle>
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        <SearchBox id="coupon-search" label="Search coupons" placeholder="Start of a code" value={params.q} onSearch={(q) => show({ q })} />
        <FilterSelect<AdminCouponStatus | typeof ANY>
          id="coupon-status"
          label="Status"
          value={params.status ?? ANY}
          values={[ANY, ...COUPON_STATUSES]}
          labels={{ any: 'Any status', ...COUPON_STATUS_LABEL }}
          onChange={(status) => show({ status: status === ANY ? undefined : status })}
        />
        <FilterSelect id="coupon-sort" label="Sort by" value={params.sort} values={COUPON_SORTS} labels={COUPON_SORT_LABEL} onChange={(sort) => show({ sort })} />
        {filtered ? (
          <Button variant="ghost" size="sm" mb="1" onClick={() => show({ q: undefined, status: undefined })}>
            Clear filters
          </Button>
        ) : null}
        <Box flex="1" />
        <Button
          colorPalette="brand"
          onClick={() => {
            setSaved(null);
            go({ ...params, edit: undefined, new: true });
          }}
        >
          New coupon
        </Button>
        <Text role="status" srOnly>
          {coupons.isPlaceholderData ? 'Updating the list…' : ''}
        </Text>
      </Flex>
      {saved ? (
        <Box mb="4">
          <FormAlert tone="success">{saved}</FormAlert>
        </Box>
      ) : null}
      <StaffListBody
        query={coupons}
        what="the coupons"
        latestWhat="the latest coupons"
        testId="coupons-empty"
        page={params.page}
        lastPage={lastPage}
        onLastPage={() => go({ ...params, page: lastPage })}
        nothingOnPage="There are no coupons"
        filtered={filtered}
        noMatch="No coupon matches these filters."
        noneYet="No coupons yet."
      >
        {(data) => (
          <>
            <StaffTable
              columns={columns(
                (coupon) => {
                  setSaved(null);
                  go({ ...params, edit: coupon._id, new: false });
                },
                (next) => {
                  setSaved(null);
                  action.reset();
                  setPending(next);
                },
              )}
              rows={data.items}
              rowId={(coupon) => coupon._id}
              caption={`Coupons, ${COUPON_SORT_LABEL[params.sort].toLowerCase()}`}
              sort={params.sort}
              onSort={(sort) => show({ sort: sort as AdminCouponSort })}
              updating={coupons.isPlaceholderData}
              testId="coupons"
            />
            <Pager
              label="Pages of coupons"
              page={params.page}
              pageSize={COUPON_PAGE_SIZE}
              shown={data.items.length}
              total={data.total}
              onPage={(page) => go({ ...params, page })}
            />
          </>
        )}
      </StaffListBody>
      {params.new || editing ? (
        <Suspense fallback={null}>
          <CouponDialog
            key={editing?._id ?? 'new'}
            coupon={params.new ? null : (editing ?? null)}
            onClose={closeDialog}
            onSaved={(coupon) => {
              setSaved(params.new ? `Coupon ${coupon.code} is made.` : `Coupon ${coupon.code} is saved.`);
              closeDialog();
            }}
          />
        </Suspense>
      ) : params.edit && fetched.isError ? (
        <Box mt="4">
          <DataLoadFailure what="the coupon to change" error={fetched.error} onRetry={() => void fetched.refetch()} />
        </Box>
      ) : null}
      {pending ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            pending={pending}
            busy={action.isPending}
            error={action.isError ? (action.error instanceof Error ? action.error.message : 'That did not work. Please try again.') : null}
            onClose={() => setPending(null)}
            onConfirm={() =>
              action.mutate(
                { id: pending.coupon._id, action: pending.action },
                {
                  onSuccess: () => {
                    setSaved(pending.action === 'end' ? `Coupon ${pending.coupon.code} is ended.` : `Coupon ${pending.coupon.code} is deleted.`);
                    setPending(null);
                  },
                },
              )
            }
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
