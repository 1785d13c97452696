/**
 * The body of a staff list, below its filters: a spinner while the list loads, the failure if it could not be
 * loaded, a box saying why there is nothing to show when it has no rows, and otherwise its table and pager, under a
 * failure banner when only the latest reading of the list failed.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import type { ReactElement, ReactNode } from 'react';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';

/** The parts of a list's query that its body reads. */
export interface StaffListQuery<Data> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: Data | undefined;
  refetch: () => unknown;
}

const LAST_PAGE = 'Go to the last page';

/**
 * A staff list's body. `what` names the list in its failure and, unless `loadingLabel` is given, in the spinner;
 * `latestWhat` names it when only the latest reading failed. A page past the end says `nothingOnPage` (as "There are
 * no coupons") and leads to `lastPage`, by `onLastPage` or by the link `lastPageLink` makes of its label; an empty list
 * says `noMatch` when `filtered`, else `noneYet`.
 */
export function StaffListBody<Data extends { total: number; items: readonly unknown[] }>({
  query,
  what,
  latestWhat,
  loadingLabel = `Loading ${what}…`,
  testId,
  page,
  lastPage,
  onLastPage,
  lastPageLink,
  nothingOnPage,
  filtered = false,
  noMatch,
  noneYet,
  children,
}: {
  query: StaffListQuery<Data>;
  what: string;
  latestWhat: string;
  loadingLabel?: string;
  testId: string;
  page: number;
  lastPage: number;
  onLastPage?: () => void;
  lastPageLink?: (label: string) => ReactElement;
  nothingOnPage: string;
  filtered?: boolean;
  noMatch?: string;
  noneYet: string;
  children: (data: Data) => ReactNode;
}) {
  const data = query.data;
  const retry = () => void query.refetch();
  if (query.isPending) return <PageSpinner label={loadingLabel} />;
  if (query.isError && !data) return <DataLoadFailure what={what} error={query.error} onRetry={retry} />;
  if (!data || data.items.length === 0) {
    return (
      <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6" data-testid={testId}>
        {data && data.total > 0 ? (
          <>
            <Text mb="4">
              {nothingOnPage} on page {page}; the list has {lastPage === 1 ? 'one page' : `${lastPage} pages`}.
            </Text>
            {lastPageLink ? (
              <Button asChild variant="outline">
                {lastPageLink(LAST_PAGE)}
              </Button>
            ) : (
              <Button variant="outline" onClick={onLastPage}>
                {LAST_PAGE}
              </Button>
            )}
          </>
        ) : (
          <Text>{filtered && noMatch ? noMatch : noneYet}</Text>
        )}
      </Box>
    );
  }
  return (
    <>
      {query.isError ? (
        <Box mb="4">
          <DataLoadFailure what={latestWhat} error={query.error} onRetry={retry} />
        </Box>
      ) : null}
      {children(data)}
    </>
  );
}
