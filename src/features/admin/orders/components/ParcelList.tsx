/**
 * The parcels booked with the courier service, as the courier's own scans tell them: where each is and since when,
 * its AWB with a link to the courier's tracking page, the day of its pickup, its label to print, and every scan with
 * its place and time, newest first.
 */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { DownloadButton } from '@/components/ui/DownloadButton';
import { formatShopDate, formatShopDateTime } from '@/lib/dates';
import { failureMessage } from '@/lib/failure';
import { downloadShipmentLabel, type CourierShipment, type StaffOrder, type TrackingStatus } from '../api/order';
import { TRACKING_STATUS_LABEL } from './labels';

const STATUS_COLOR: Partial<Record<TrackingStatus, string>> = {
  delivered: 'green',
  undelivered: 'red',
  returningToOrigin: 'red',
  returnedToOrigin: 'red',
  lost: 'red',
  cancelled: 'gray',
};

function Parcel({ order, parcel }: { order: StaffOrder; parcel: CourierShipment }) {
  const kits = order.kits.filter((kit) => parcel.kitIds.includes(kit._id));
  return (
    <Box as="li" borderWidth="1px" borderColor="gray.200" rounded="md" p="3" data-testid="staff-parcel">
      <Flex gap="2" align="center" wrap="wrap" mb="2">
        <Heading as="h3" size="sm">
          {parcel.direction === 'forward' ? 'Parcel' : 'Sample pickup'} {parcel.awb} · {parcel.courier}
        </Heading>
        <Badge colorPalette={STATUS_COLOR[parcel.status] ?? 'blue'} data-testid="staff-parcel-status">
          {TRACKING_STATUS_LABEL[parcel.status]}
        </Badge>
      </Flex>
      <Stack gap="1" mb="3">
        <Text>
          {kits.map((kit) => `${kit.name} (${kit.boxCode})`).join(', ')}
          {parcel.pickupDate ? ` · pickup ${formatShopDate(parcel.pickupDate)}` : ''}
          {parcel.statusAt ? ` · last update ${formatShopDateTime(parcel.statusAt)}` : ''}
        </Text>
        <Text>
          <a href={parcel.trackingUrl} target="_blank" rel="noopener noreferrer" style={{ textDecoration: 'underline' }}>
            Follow AWB {parcel.awb} on the courier’s website
          </a>
        </Text>
      </Stack>
      <DownloadButton
        size="sm"
        variant="outline"
        label="Download the label"
        busyLabel="Preparing the label…"
        download={() =>
          downloadShipmentLabel(order._id, parcel).catch((failure: unknown) => {
            throw new Error(failureMessage(failure) ?? 'The label could not be downloaded. Please try again.');
          })
        }
      />
      {parcel.scans.length > 0 ? (
        <Box as="ol" listStyleType="none" mt="3" data-testid="staff-parcel-scans">
          {[...parcel.scans].reverse().map((scan) => (
            <Box as="li" key={`${scan.at}-${scan.activity}`} borderTopWidth="1px" borderColor="gray.100" py="1">
              <Text>
                <strong>{TRACKING_STATUS_LABEL[scan.status]}</strong>
                {scan.activity && scan.activity.toLowerCase() !== TRACKING_STATUS_LABEL[scan.status].toLowerCase() ? `: ${scan.activity}` : ''}
              </Text>
              <Text fontSize="sm" color="gray.700">
                {formatShopDateTime(scan.at)}
                {scan.location ? ` · ${scan.location}` : ''}
              </Text>
            </Box>
          ))}
        </Box>
      ) : (
        <Text mt="3" fontSize="sm" color="gray.700">
          No scan from the courier yet.
        </Text>
      )}
    </Box>
  );
}

export function ParcelList({ order }: { order: StaffOrder }) {
  if (order.shipments.length === 0) return null;
  return (
    <Box as="ul" listStyleType="none" display="grid" gap="3" aria-label="Parcels with the courier">
      {order.shipments.map((parcel) => (
        <Parcel key={parcel._id} order={order} parcel={parcel} />
      ))}
    </Box>
  );
}
