import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { KIT_JOURNEY_LABELS } from '../../../machines/kit-journey';
import { formatRupees } from '../../../machines/pricing';
import { useAuthState } from '@/lib/actors-context';
import { formatShopDateTime, shopDayStamp } from '@/lib/dates';
import { DataLoadFailure, PageSpinner } from '@/components/layout/PageStatus';
import { PageTitle } from '@/components/layout/PageTitle';
import { formatCount } from '@/components/staff/ListControls';
import { staffPlaces } from '@/lib/staff-nav';
import type { ErasureRequestsSearch } from './erasure/params';
import type { MessageSearch } from './messages/params';
import { ORDER_KIT_STATES } from './orders/params';
import { MessagesToAnswer } from './messages/components/MessagesToAnswer';
import { useStaffHome, type StaffHomeData, type StaffQueue } from './home/api/staff-home';
import { WaitingForReview, YourWriting } from './home/components/WritingPanels';

type OrderQueueSearch =
  | { kitState: 'paid' | 'delivered' | 'activated' | 'sampleReceived' | 'qcFailed' | 'cancelled'; days?: number; attention?: 'unbookedPickups' }
  | { attention: 'stuckParcels' };

/**
 * Each work queue: what it holds, and the list of exactly those items, where the next step is taken: the orders
 * holding the queue's kits, the erasure requests still pending, or the contact messages still open.
 */
type QueueTarget =
  | { label: string | ((days: number) => string); to: '/admin/orders'; search: OrderQueueSearch }
  | { label: string; to: '/admin/erasure-requests'; search: ErasureRequestsSearch }
  | { label: string; to: '/admin/contact-messages'; search: MessageSearch };

const QUEUES: Record<StaffQueue['id'], QueueTarget> = {
  toShip: { label: 'Paid kits to ship', to: '/admin/orders', search: { kitState: 'paid' } },
  stuckParcels: { label: 'Parcels stuck with the courier', to: '/admin/orders', search: { attention: 'stuckParcels' } },
  notActivated: { label: (days) => `Delivered ${days}+ days ago, not activated`, to: '/admin/orders', search: { kitState: 'delivered', days: 14 } },
  unbookedPickups: {
    label: (days) => `Activated ${days}+ days ago, no pickup booked`,
    to: '/admin/orders',
    search: { kitState: 'activated', days: 3, attention: 'unbookedPickups' },
  },
  awaitingReport: { label: 'Samples at the lab awaiting a report', to: '/admin/orders', search: { kitState: 'sampleReceived' } },
  qcFailed: { label: 'Samples that failed quality control', to: '/admin/orders', search: { kitState: 'qcFailed' } },
  refundsDue: { label: 'Cancelled kits to refund', to: '/admin/orders', search: { kitState: 'cancelled' } },
  erasureRequests: { label: 'Erasure requests to complete', to: '/admin/erasure-requests', search: { status: 'pending' } },
  newMessages: { label: 'Contact messages to answer', to: '/admin/contact-messages', search: { status: 'open' } },
};

function Card({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="4" data-testid={testId}>
      {children}
    </Box>
  );
}

/** India's day `daysBack` days before today, as the order list's filters take it. */
const dayBefore = (daysBack: number) => shopDayStamp(new Date(Date.now() - daysBack * 86_400_000));

const figureLink = { textDecoration: 'underline', textUnderlineOffset: '3px', _hover: { color: 'brand.700' } } as const;

/** A rupee amount that may be below zero (net revenue after the refunds of older orders). */
const signedRupees = (paise: number) => (paise < 0 ? `−${formatRupees(-paise)}` : formatRupees(paise));

function Figures({ figures }: { figures: NonNullable<StaffHomeData['figures']> }) {
  const periods = [
    ['Today', 'today', 0],
    ['Last 7 days', 'last7Days', 6],
    ['Last 30 days', 'last30Days', 29],
  ] as const;
  return (
    <Box as="section" aria-labelledby="figures-heading" mb="8">
      <Heading as="h2" id="figures-heading" size="lg" mb="1">
        The business
      </Heading>
      <Text color="gray.700" mb="3">
        Amounts include GST. Net is what was paid in the period less what refunds made in it gave back, whenever those
        orders were paid. Each figure opens its orders.
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" mb="4" data-testid="staff-figures">
        {periods.map(([label, key, back]) => {
          const days = { from: dayBefore(back), to: dayBefore(0) };
          const net = figures.revenue[key] - figures.refunds[key];
          return (
            <Card key={key} testId={`figures-${key}`}>
              <Text color="gray.700" fontWeight="medium">
                {label}
              </Text>
              <Text fontSize="2xl" fontWeight="bold">
                {signedRupees(net)}
                <Text as="span" fontSize="sm" fontWeight="medium" color="gray.700" ms="2">
                  net
                </Text>
              </Text>
              <Box as="dl" display="grid" gridTemplateColumns="1fr auto" columnGap="3" rowGap="0.5" color="gray.800" fontSize="sm" mt="1">
                <Text as="dt">Paid</Text>
                <Text as="dd" textAlign="end" fontVariantNumeric="tabular-nums">
                  <Box asChild {...figureLink}>
                    <Link to="/admin/orders" search={{ dates: 'paid', ...days }} aria-label={`${formatRupees(figures.revenue[key])} paid, ${label.toLowerCase()}: the orders`}>
                      {formatRupees(figures.revenue[key])}
                    </Link>
                  </Box>
                </Text>
                <Text as="dt">Refunded</Text>
                <Text as="dd" textAlign="end" fontVariantNumeric="tabular-nums">
                  <Box asChild {...figureLink}>
                    <Link
                      to="/admin/orders"
                      search={{ dates: 'refunded', ...days }}
                      aria-label={`${formatRupees(figures.refunds[key])} refunded, ${label.toLowerCase()}: the orders`}
                    >
                      −{formatRupees(figures.refunds[key])}
                    </Link>
                  </Box>
                </Text>
              </Box>
              <Box asChild {...figureLink} display="inline-block" mt="2" color="gray.700">
                <Link to="/admin/orders" search={{ dates: 'paid', ...days }}>
                  {formatCount(figures.paidOrders[key])} paid {figures.paidOrders[key] === 1 ? 'order' : 'orders'}
                </Link>
              </Box>
            </Card>
          );
        })}
      </SimpleGrid>
      <Card>
        <Text fontWeight="semibold" mb="2" id="kits-by-state">
          Kits by journey state
        </Text>
        <Box as="dl" display="grid" gridTemplateColumns={{ base: '1fr auto', md: 'repeat(2, 1fr auto)' }} columnGap="6" rowGap="1" aria-labelledby="kits-by-state" data-testid="kits-by-state">
          {figures.kitsByState.map(({ state, count }) => {
            const label = KIT_JOURNEY_LABELS[state as keyof typeof KIT_JOURNEY_LABELS] ?? state;
            const listed = ORDER_KIT_STATES.find((kitState) => kitState === state);
            return (
              <Box key={state} display="contents">
                <Text as="dt">{label}</Text>
                <Text as="dd" textAlign="end" fontVariantNumeric="tabular-nums">
                  {listed ? (
                    <Box asChild {...figureLink}>
                      <Link to="/admin/orders" search={{ kitState: listed }} aria-label={`${formatCount(count)} ${label}: the orders holding them`}>
                        {formatCount(count)}
                      </Link>
                    </Box>
                  ) : (
                    formatCount(count)
                  )}
                </Text>
              </Box>
            );
          })}
        </Box>
      </Card>
    </Box>
  );
}

function Queues({ queues }: { queues: StaffQueue[] }) {
  return (
    <Box as="section" aria-labelledby="queues-heading" mb="8">
      <Heading as="h2" id="queues-heading" size="lg" mb="3">
        Work to do
      </Heading>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="3" data-testid="staff-queues">
        {queues.map((queue) => {
          const { label, to, search: usual } = QUEUES[queue.id];
          // A queue of kits in a state for some days counts as many days as the server says, and its list shows as many.
          const search = queue.days && 'days' in usual ? { ...usual, days: queue.days } : usual;
          const days = 'days' in search ? (search.days ?? 0) : 0;
          return (
            <li key={queue.id}>
              <Box
                asChild
                display="block"
                borderWidth="1px"
                borderColor={queue.count > 0 ? 'orange.300' : 'gray.200'}
                bg={queue.count > 0 ? 'orange.50' : undefined}
                rounded="lg"
                p="4"
                _hover={{ borderColor: 'brand.400' }}
              >
                <Link to={to} search={search} data-testid={`queue-${queue.id}`}>
                  <Text as="span" display="block" fontSize="2xl" fontWeight="bold">
                    {formatCount(queue.count)}
                  </Text>
                  <Text as="span" display="block" fontWeight="medium">
                    {typeof label === 'function' ? label(days) : label}
                  </Text>
                </Link>
              </Box>
            </li>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}

function Reports({ reports }: { reports: NonNullable<StaffHomeData['reports']> }) {
  return (
    <Box as="section" aria-labelledby="reports-heading" mb="8">
      <Heading as="h2" id="reports-heading" size="lg" mb="3">
        Reports ready recently
      </Heading>
      {reports.length === 0 ? (
        <Text color="gray.700">No report is ready yet.</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="2" data-testid="staff-reports">
          {reports.map((report) => (
            <Flex as="li" key={report.kitId} gap="3" wrap="wrap" borderBottomWidth="1px" borderColor="gray.100" pb="2">
              <Text fontWeight="semibold">{report.customerName.trim() || 'A customer'}</Text>
              <Text>{report.product}</Text>
              <Text color="gray.700">{formatShopDateTime(report.readyAt)}</Text>
              {report.reportUrl ? (
                <a href={report.reportUrl} target="_blank" rel="noreferrer" style={{ textDecoration: 'underline' }}>
                  Open the report
                </a>
              ) : null}
            </Flex>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The staff landing page after staff sign-in (its route lets only staff in): what needs doing, and where. */
export function StaffHome() {
  const { user, role } = useAuthState();
  const home = useStaffHome();
  const links = staffPlaces(role);
  return (
    <Box maxW="6xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title={`Welcome, ${user?.fullname?.trim() || 'User'}`}>Pick up where you left off.</PageTitle>
      {home.isPending ? (
        <PageSpinner label="Loading the figures…" />
      ) : home.isError ? (
        <Box mb="8">
          <DataLoadFailure what="the figures and queues" error={home.error} onRetry={() => void home.refetch()} />
        </Box>
      ) : (
        <>
          {home.data.queues ? <Queues queues={home.data.queues} /> : null}
          {/* Only admins read the contact page's messages; the list's call refuses the other roles. */}
          {role === 'admin' ? <MessagesToAnswer /> : null}
          {home.data.figures ? <Figures figures={home.data.figures} /> : null}
          {home.data.reports ? <Reports reports={home.data.reports} /> : null}
        </>
      )}
      {/* Only admins review; every staff member may write. */}
      {role === 'admin' ? <WaitingForReview /> : null}
      <YourWriting />
      <Heading as="h2" size="lg" mb="3">
        Places
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3" data-testid="staff-links">
        {links.map((item) => (
          <Box
            key={item.to}
            asChild
            display="block"
            borderWidth="1px"
            borderColor="gray.200"
            rounded="lg"
            p="4"
            fontWeight="medium"
            _hover={{ borderColor: 'brand.400', bg: 'brand.50' }}
          >
            <Link to={item.to}>{item.label}</Link>
          </Box>
        ))}
      </SimpleGrid>
    </Box>
  );
}
