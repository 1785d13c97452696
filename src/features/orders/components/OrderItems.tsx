import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { formatRupees } from '../../../../machines/pricing';
import { kitLineName, kitLines } from '@/lib/kit-lines';
import { Quantity } from '@/components/ui/Quantity';
import type { Order } from '../api/orders';

interface OrderItemsProps {
  items: Order['items'];
  /** `rows`: a row per kit with its quantity and amount (the order's page); `names`: the kits in a line of text. */
  as: 'rows' | 'names';
  /** Between two names: ', ' in the orders list, ' and ' in the success page's sentence. */
  separator?: string;
}

/** The kits of an order, one line per kit with its quantity, as the success page, the orders list and the order's page show them. */
export function OrderItems({ items, as, separator = ', ' }: OrderItemsProps) {
  const lines = kitLines(items);
  if (as === 'names') return <>{lines.map(kitLineName).join(separator)}</>;
  return (
    <Box as="ul" listStyleType="none" data-testid="order-lines">
      {lines.map((line) => (
        <Box as="li" key={line.product} display="flex" justifyContent="space-between" gap="3" py="2" borderBottomWidth="1px" data-testid="order-line">
          <Text>
            {line.name} <Quantity count={line.quantity} />
          </Text>
          <Text>{formatRupees(line.price)}</Text>
        </Box>
      ))}
    </Box>
  );
}
