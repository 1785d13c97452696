/**
 * The staff lists' table: TanStack Table owns the columns and the sorting state, the server does the sorting
 * (`manualSorting`), and the page's address holds the order (`sort`, as the contract spells it: `name` ascending,
 * `-name` descending). Below `md` each row stands as a card, its cells one under the other, each with its column's
 * name before the value.
 */
import { Box } from '@chakra-ui/react/box';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { rowSortingFeature, tableFeatures, useTable, type ColumnDef, type RowData, type SortingState } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';

export interface StaffColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The contract's sort value for this column (`name` sorts `name`, then `-name`); absent when it does not sort. */
  sort?: string;
  /** The cell that names the row, read out before each of its other cells. */
  rowHeader?: boolean;
  /** A narrow column that must not wrap (dates, counts, amounts). */
  nowrap?: boolean;
}

const features = tableFeatures({ rowSortingFeature });

/** `-name` → [{ id: 'name', desc: true }], for the column whose `sort` is `name`. */
export function sortingOf<Row>(columns: readonly StaffColumn<Row>[], sort: string): SortingState {
  const desc = sort.startsWith('-');
  const key = desc ? sort.slice(1) : sort;
  const column = columns.find((candidate) => candidate.sort === key);
  return column ? [{ id: column.id, desc }] : [];
}

/** The next sort when a column's header is pressed: its own order first, then the other way. */
export function nextSort(current: string, key: string): string {
  return current === key ? `-${key}` : key;
}

function SortMark({ direction }: { direction: false | 'asc' | 'desc' }) {
  return (
    <Box as="span" aria-hidden="true" display="inline-block" w="3" ms="1" color={direction ? 'gray.900' : 'gray.400'}>
      {direction === 'asc' ? '▲' : direction === 'desc' ? '▼' : '↕'}
    </Box>
  );
}

interface StaffTableProps<Row extends RowData> {
  columns: readonly StaffColumn<Row>[];
  rows: Row[];
  rowId: (row: Row) => string;
  caption: string;
  /** The current order, as the contract spells it. */
  sort: string;
  onSort: (sort: string) => void;
  /** Another page, filter or order is on its way: these rows are the previous ones. */
  updating: boolean;
  testId?: string;
}

export function StaffTable<Row extends RowData>({ columns, rows, rowId, caption, sort, onSort, updating, testId }: StaffTableProps<Row>) {
  const columnDefs = useMemo<ColumnDef<typeof features, Row>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: Row) => row,
        enableSorting: column.sort !== undefined,
      })),
    [columns],
  );
  const byId = useMemo(() => new Map(columns.map((column) => [column.id, column])), [columns]);
  const sorting = useMemo(() => sortingOf(columns, sort), [columns, sort]);
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (row) => rowId(row),
    manualSorting: true,
    enableSortingRemoval: false,
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      const column = first && byId.get(first.id);
      if (first && column?.sort) onSort(first.desc ? `-${column.sort}` : column.sort);
    },
  });

  return (
    // Explicit roles: a table laid out as cards keeps its table semantics in every browser.
    <Table.Root
      recipe={tableSlotRecipe}
      role="table"
      size="sm"
      display={{ base: 'block', md: 'table' }}
      aria-busy={updating}
      opacity={updating ? 0.6 : 1}
      transition="opacity 0.2s"
      data-testid={testId}
    >
      <Table.Caption display={{ base: 'block', md: 'table-caption' }} textAlign="start" captionSide="top" pb="2" fontSize="sm" color="gray.700">
        {caption}
      </Table.Caption>
      <Table.Header role="rowgroup" display={{ base: 'block', md: 'table-header-group' }} srOnly={{ base: true, md: false }}>
        {table.getHeaderGroups().map((group) => (
          <Table.Row key={group.id} role="row" display={{ base: 'block', md: 'table-row' }} bg="gray.50">
            {group.headers.map((header) => {
              const direction = header.column.getIsSorted();
              const key = byId.get(header.column.id)?.sort;
              return (
                <Table.ColumnHeader
                  key={header.id}
                  role="columnheader"
                  scope="col"
                  fontWeight="semibold"
                  color="gray.800"
                  whiteSpace="nowrap"
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                >
                  {key ? (
                    <Box
                      as="button"
                      display="inline-flex"
                      alignItems="center"
                      fontWeight="inherit"
                      cursor="pointer"
                      rounded="sm"
                      _hover={{ color: 'brand.700' }}
                      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.600', outlineOffset: '2px' }}
                      onClick={() => onSort(nextSort(sort, key))}
                    >
                      {byId.get(header.column.id)?.header}
                      <SortMark direction={direction} />
                    </Box>
                  ) : (
                    byId.get(header.column.id)?.header
                  )}
                </Table.ColumnHeader>
              );
            })}
          </Table.Row>
        ))}
      </Table.Header>
      <Table.Body role="rowgroup" display={{ base: 'block', md: 'table-row-group' }}>
        {table.getRowModel().rows.map((row) => (
          <Table.Row
            key={row.id}
            role="row"
            display={{ base: 'block', md: 'table-row' }}
            borderWidth={{ base: '1px', md: '0' }}
            borderColor="gray.200"
            rounded={{ base: 'lg', md: 'none' }}
            mb={{ base: '3', md: '0' }}
            py={{ base: '2', md: '0' }}
          >
            {row.getAllCells().map((cell) => {
              const column = byId.get(cell.column.id);
              if (!column) return null;
              return (
                <Table.Cell
                  key={cell.id}
                  as={column.rowHeader ? 'th' : 'td'}
                  scope={column.rowHeader ? 'row' : undefined}
                  role={column.rowHeader ? 'rowheader' : 'cell'}
                  display={{ base: 'grid', md: 'table-cell' }}
                  gridTemplateColumns="7.5rem 1fr"
                  gap="2"
                  borderBottomWidth={{ base: '0', md: '1px' }}
                  py={{ base: '1', md: '2.5' }}
                  fontWeight="normal"
                  textAlign="start"
                  verticalAlign="top"
                  whiteSpace={column.nowrap ? { md: 'nowrap' } : undefined}
                >
                  {/* For the eye only: the table's headers name the cell for a screen reader. */}
                  <Text as="span" aria-hidden="true" hideFrom="md" color="gray.600" fontWeight="medium">
                    {column.header}
                  </Text>
                  <Box minW="0">{column.cell(row.original)}</Box>
                </Table.Cell>
              );
            })}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
