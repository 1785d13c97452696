import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { FilterSelect, formatCount } from '@/components/staff/ListControls';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { useErasureRequests, type StaffErasureRequest } from '../api/list-erasure-requests';
import {
  ERASURE_PAGE_SIZE,
  ERASURE_SORTS,
  ERASURE_STATUS_FILTERS,
  erasureListParams,
  type ErasureListParams,
  type ErasureRequestsSearch,
  type ErasureSort,
  type ErasureStatusFilter,
} from '../params';
import { CompleteErasureDialog, RETENTION_MONTHS } from './CompleteErasureDialog';
import { ErasureRequestsTable } from './ErasureRequestsTable';

const STATUS_LABEL: Record<ErasureStatusFilter, string> = {
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
  all: 'All',
};
const SORT_LABEL: Record<ErasureSort, string> = {
  dueBy: 'Due date, soonest first',
  '-dueBy': 'Due date, latest first',
  requestedAt: 'Requested date, oldest first',
  '-requestedAt': 'Requested date, newest first',
};
const CAPTION: Record<ErasureStatusFilter, string> = {
  pending: 'Pending erasure requests',
  completed: 'Completed erasure requests',
  cancelled: 'Cancelled erasure requests',
  all: 'All erasure requests',
};
const EMPTY: Record<ErasureStatusFilter, string> = {
  pending: 'No pending requests. Nobody is waiting for their account to be erased.',
  completed: 'No completed requests yet.',
  cancelled: 'No cancelled requests.',
  all: 'No erasure requests yet.',
};


/** The address's search for `params`, leaving the defaults out so that the plain address is the usual view. */
function searchFor(params: ErasureListParams): ErasureRequestsSearch {
  return {
    status: params.status === 'pending' ? undefined : params.status,
    sort: params.sort === 'dueBy' ? undefined : params.sort,
    page: params.page === 1 ? undefined : params.page,
  };
}

/** Previous and Next, around "21–40 of 57"; each a link to its page, so that the address keeps the place. */
function Pager({ params, shown, total }: { params: ErasureListParams; shown: number; total: number }) {
  const first = (params.page - 1) * ERASURE_PAGE_SIZE + 1;
  const last = first + shown - 1;
  const hasNext = last < total;
  const pageLink = (page: number, label: string) => (
    <Button asChild variant="outline" size="sm">
      <Link to="/admin/erasure-requests" search={searchFor({ ...params, page })}>
        {label}
      </Link>
    </Button>
  );
  return (
    <Flex as="nav" aria-label="Pages of erasure requests" align="center" justify="space-between" gap="3" mt="4" wrap="wrap">
      <Text data-testid="erasure-range">
        {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
      </Text>
      <Flex gap="2">
        {params.page > 1 ? pageLink(params.page - 1, 'Previous') : <Button variant="outline" size="sm" disabled>Previous</Button>}
        {hasNext ? pageLink(params.page + 1, 'Next') : <Button variant="outline" size="sm" disabled>Next</Button>}
      </Flex>
    </Flex>
  );
}

/** The staff's queue of erasure requests (DPDP Act): filtered, sorted and paged by the server, kept in the address. */
export function ErasureRequestsPage({ search }: { search: ErasureRequestsSearch }) {
  const params = erasureListParams(search);
  const requests = useErasureRequests(params);
  const navigate = useNavigate();
  const [erasing, setErasing] = useState<StaffErasureRequest | null>(null);
  const results = useRef<HTMLDivElement>(null);

  // Another filter or order starts again at the first page.
  const show = (change: Partial<ErasureListParams>) =>
    void navigate({ to: '/admin/erasure-requests', search: searchFor({ ...params, page: 1, ...change }) });

  const data = requests.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / ERASURE_PAGE_SIZE)) : 1;

  return (
    <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title="Erasure requests">
        People&rsquo;s requests to erase their account under the DPDP Act. Complete each one by its due date; their
        orders and invoices are kept for {RETENTION_MONTHS} months, as tax law requires.
      </PageTitle>
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        <FilterSelect
          id="erasure-status"
          label="Status"
          value={params.status}
          values={ERASURE_STATUS_FILTERS}
          labels={STATUS_LABEL}
          onChange={(status) => show({ status })}
        />
        <FilterSelect
          id="erasure-sort"
          label="Sort by"
          value={params.sort}
          values={ERASURE_SORTS}
          labels={SORT_LABEL}
          onChange={(sort) => show({ sort })}
        />
        {/* Seen as the dimmed rows; said by a screen reader. */}
        <Text role="status" srOnly>
          {requests.isPlaceholderData ? 'Updating the list…' : ''}
        </Text>
      </Flex>
      <Box ref={results} tabIndex={-1} outline="none">
        <StaffListBody
          query={requests}
          what="the erasure requests"
          latestWhat="the latest requests"
          testId="erasure-empty"
          page={params.page}
          lastPage={lastPage}
          lastPageLink={(label) => (
            <Link to="/admin/erasure-requests" search={searchFor({ ...params, page: lastPage })}>
              {label}
            </Link>
          )}
          nothingOnPage="There are no requests"
          noneYet={EMPTY[params.status]}
        >
          {(data) => (
            <>
              <ErasureRequestsTable
                requests={data.items}
                caption={`${CAPTION[params.status]}, ${SORT_LABEL[params.sort].toLowerCase()}`}
                updating={requests.isPlaceholderData}
                onErase={setErasing}
              />
              <Pager params={params} shown={data.items.length} total={data.total} />
            </>
          )}
        </StaffListBody>
      </Box>
      {erasing ? (
        <CompleteErasureDialog
          key={erasing._id}
          request={erasing}
          onClose={() => setErasing(null)}
          finalFocus={() => results.current}
        />
      ) : null}
    </Box>
  );
}
