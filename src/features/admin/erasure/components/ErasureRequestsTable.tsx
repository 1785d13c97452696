import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Table } from '@chakra-ui/react/table';
import { Text } from '@chakra-ui/react/text';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import type { ReactNode } from 'react';
import { formatShopDate, formatShopDateTime } from '@/lib/dates';
import type { StaffErasureRequest } from '../api/list-erasure-requests';

const STATUS_LABEL: Record<StaffErasureRequest['status'], string> = {
  pending: 'Pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
};
const STATUS_COLOR: Record<StaffErasureRequest['status'], string> = { pending: 'orange', completed: 'green', cancelled: 'gray' };

/** Who asked, in words: their name, else their e-mail or phone; nothing once the account is erased. */
export function customerName(request: StaffErasureRequest): string | null {
  const { fullname, email, phone } = request.customer;
  return fullname?.trim() || email || phone || null;
}

export function isOverdue(request: StaffErasureRequest, now: number): boolean {
  return request.status === 'pending' && Date.parse(request.dueBy) < now;
}

const COLUMNS = ['Customer', 'Requested', 'Due by', 'Open orders', 'Status', 'Completed', 'Action'] as const;
type Column = (typeof COLUMNS)[number];

/**
 * A cell with its column's name before the value on narrow screens, where each row stands as a card of its own. The
 * name is for the eye only: the table's headers, kept in the accessibility tree, name the cell for a screen reader.
 */
function Cell({ column, children, rowHeader = false }: { column: Column; children: ReactNode; rowHeader?: boolean }) {
  return (
    <Table.Cell
      minW={{ md: rowHeader ? '14rem' : undefined }}
      as={rowHeader ? 'th' : 'td'}
      scope={rowHeader ? 'row' : undefined}
      role={rowHeader ? 'rowheader' : 'cell'}
      display={{ base: 'grid', md: 'table-cell' }}
      gridTemplateColumns="7.5rem 1fr"
      gap="2"
      borderBottomWidth={{ base: '0', md: '1px' }}
      py={{ base: '1', md: '3' }}
      fontWeight="normal"
      verticalAlign="top"
    >
      <Text as="span" aria-hidden="true" hideFrom="md" color="gray.600" fontWeight="medium">
        {column}
      </Text>
      <Box minW="0">{children}</Box>
    </Table.Cell>
  );
}

function Customer({ request }: { request: StaffErasureRequest }) {
  const { fullname, email, phone } = request.customer;
  if (!fullname && !email && !phone) {
    return (
      <Text as="span" fontStyle="italic" color="gray.700">
        Erased
      </Text>
    );
  }
  return (
    <>
      {fullname ? (
        <Text as="span" display="block" fontWeight="semibold">
          {fullname}
        </Text>
      ) : null}
      {email ? (
        <Text as="span" display="block" overflowWrap="break-word">
          {email}
        </Text>
      ) : null}
      {phone ? (
        <Text as="span" display="block" color="gray.700">
          {phone}
        </Text>
      ) : null}
    </>
  );
}

function Completion({ request }: { request: StaffErasureRequest }) {
  if (request.status === 'completed' && request.completedAt) {
    return (
      <>
        <Text as="span" display="block">
          {request.completedBy ? `by ${request.completedBy}` : 'by our team'}
        </Text>
        <Text as="span" display="block" color="gray.700">
          {formatShopDateTime(request.completedAt)}
        </Text>
      </>
    );
  }
  if (request.status === 'cancelled' && request.cancelledAt) {
    return (
      <Text as="span" color="gray.700">
        Withdrawn by the customer, {formatShopDate(request.cancelledAt)}
      </Text>
    );
  }
  return (
    <Text as="span" color="gray.600">
      Not yet
    </Text>
  );
}

interface ErasureRequestsTableProps {
  requests: StaffErasureRequest[];
  caption: string;
  /** Another page or filter is on its way: these rows are the previous ones. */
  updating: boolean;
  onErase: (request: StaffErasureRequest) => void;
}

/** The requests as a table; below `md` each row stands as a card, its cells one under the other. */
export function ErasureRequestsTable({ requests, caption, updating, onErase }: ErasureRequestsTableProps) {
  const now = Date.now();
  return (
    // Explicit roles: a table laid out as cards keeps its table semantics in every browser.
    <Table.Root
      recipe={tableSlotRecipe}
      role="table"
      size="md"
      display={{ base: 'block', md: 'table' }}
      aria-busy={updating}
      opacity={updating ? 0.6 : 1}
      transition="opacity 0.2s"
      data-testid="erasure-requests"
    >
      <Table.Caption display={{ base: 'block', md: 'table-caption' }} textAlign="start" captionSide="top" pb="2" fontSize="sm" color="gray.700">
        {caption}
      </Table.Caption>
      <Table.Header role="rowgroup" display={{ base: 'block', md: 'table-header-group' }} srOnly={{ base: true, md: false }}>
        <Table.Row role="row" display={{ base: 'block', md: 'table-row' }} bg="gray.50">
          {COLUMNS.map((column) => (
            <Table.ColumnHeader key={column} role="columnheader" scope="col" fontWeight="semibold" color="gray.800">
              {column}
            </Table.ColumnHeader>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body role="rowgroup" display={{ base: 'block', md: 'table-row-group' }}>
        {requests.map((request) => {
          const overdue = isOverdue(request, now);
          // Only a request still to complete has orders in its way.
          const ordersInTheWay = request.status === 'pending' && request.openOrders > 0;
          return (
            <Table.Row
              key={request._id}
              role="row"
              display={{ base: 'block', md: 'table-row' }}
              borderWidth={{ base: '1px', md: '0' }}
              borderColor={overdue ? 'red.300' : 'gray.200'}
              rounded={{ base: 'lg', md: 'none' }}
              mb={{ base: '3', md: '0' }}
              py={{ base: '2', md: '0' }}
              data-testid="erasure-request"
            >
              <Cell column="Customer" rowHeader>
                <Customer request={request} />
              </Cell>
              <Cell column="Requested">
                <Text as="span" whiteSpace="nowrap">
                  {formatShopDate(request.requestedAt)}
                </Text>
              </Cell>
              <Cell column="Due by">
                <Text as="span" display="block" whiteSpace="nowrap" fontWeight={overdue ? 'semibold' : 'normal'}>
                  {formatShopDate(request.dueBy)}
                </Text>
                {overdue ? (
                  <Badge colorPalette="red" variant="solid" mt="1">
                    Overdue
                  </Badge>
                ) : null}
              </Cell>
              <Cell column="Open orders">
                <Text as="span" display="block" fontWeight={ordersInTheWay ? 'semibold' : 'normal'}>
                  {request.openOrders}
                </Text>
                {ordersInTheWay ? (
                  <Text as="span" display="block" fontSize="xs" color="orange.800" fontWeight="medium">
                    Finish or refund first
                  </Text>
                ) : null}
              </Cell>
              <Cell column="Status">
                <Badge colorPalette={STATUS_COLOR[request.status]}>{STATUS_LABEL[request.status]}</Badge>
              </Cell>
              <Cell column="Completed">
                <Completion request={request} />
              </Cell>
              <Cell column="Action">
                {request.status === 'pending' ? (
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => onErase(request)} whiteSpace="nowrap">
                    Erase account…
                  </Button>
                ) : (
                  <Text as="span" color="gray.600">
                    None
                  </Text>
                )}
              </Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
