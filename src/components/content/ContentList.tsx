/**
 * A page of published posts or recipes as the blog and the recipe list show it: the failure with a retry, the list
 * loading, a page past the end, nothing matching (with a way back to everything), nothing published yet, or the
 * cards in a grid with the pager and a way to clear the filters.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { Pager } from '@/components/staff/ListControls';
import { CONTENT_PAGE_SIZE } from '@/lib/content-search';

interface ContentListProps<Item extends { _id: string }> {
  /** `posts` or `recipes`: the list's name in its test ids and in words ("the posts", "Pages of posts"). */
  name: string;
  /** The list's accessible name. */
  label: string;
  list: { items: Item[]; total: number } | undefined;
  error: Error | null;
  onRetry: () => void;
  /** Another page or filter is on its way; the last one stays, dimmed. */
  updating: boolean;
  page: number;
  onPage: (page: number) => void;
  filtered: boolean;
  onClear: () => void;
  /** What the page says when nothing matches, and its button back to everything. */
  noMatch: string;
  showAll: string;
  /** The clear button under a filtered list. */
  clearLabel: string;
  nothingYet: ReactNode;
  children: (item: Item) => ReactNode;
}

export function ContentList<Item extends { _id: string }>(props: ContentListProps<Item>) {
  const { name, list, error, filtered, onClear } = props;
  return (
    <>
      {error ? (
        <DataLoadFailure what={`the ${name}`} error={error} onRetry={props.onRetry} />
      ) : !list ? (
        <Flex justify="center" py="12" aria-hidden="true">
          <Spinner size="lg" color="brand.600" />
        </Flex>
      ) : list.items.length === 0 ? (
        <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="6" data-testid={`${name}-empty`}>
          {list.total > 0 ? (
            <>
              <Text mb="4">This page is past the end of the list.</Text>
              <Button variant="outline" onClick={() => props.onPage(1)}>
                Go to the first page
              </Button>
            </>
          ) : filtered ? (
            <>
              <Text mb="4">{props.noMatch}</Text>
              <Button variant="outline" onClick={onClear}>
                {props.showAll}
              </Button>
            </>
          ) : (
            props.nothingYet
          )}
        </Box>
      ) : (
        <>
          <SimpleGrid
            as="ul"
            listStyleType="none"
            columns={{ base: 1, md: 2, lg: 3 }}
            gap="8"
            aria-label={props.label}
            aria-busy={props.updating}
            opacity={props.updating ? 0.6 : 1}
            data-testid={name}
          >
            {list.items.map((item) => (
              <li key={item._id}>{props.children(item)}</li>
            ))}
          </SimpleGrid>
          {list.total > CONTENT_PAGE_SIZE ? (
            <Pager label={`Pages of ${name}`} page={props.page} pageSize={CONTENT_PAGE_SIZE} shown={list.items.length} total={list.total} onPage={props.onPage} />
          ) : null}
        </>
      )}
      {filtered && list && list.items.length > 0 ? (
        <Button variant="ghost" size="sm" mt="4" onClick={onClear}>
          {props.clearLabel}
        </Button>
      ) : null}
    </>
  );
}
