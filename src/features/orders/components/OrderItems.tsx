import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { formatRupees } from '../../../../machines/pricing';
import type { Order } from '../api/orders';

interface OrderItemsProps {
  items: Order['items'];
  /** `rows`: each kit on a row with its price (the order's page); `names`: the kits' names in a line of text. */
  as: 'rows' | 'names';
  /** Between two names: ', ' in the orders list, ' and ' in the success page's sentence. */
  separator?: string;
}

/** The kits of an order, as the success page, the orders list and the order's page show them. */
export function OrderItems({ items, as, separator = ', ' }: OrderItemsProps) {
  if (as === 'names') return <>{items.map((item) => item.name).join(separator)}</>;
  return (
    <Box as="ul" listStyleType="none">
      {items.map((item) => (
        <Box as="li" key={item._id} display="flex" justifyContent="space-between" py="2" borderBottomWidth="1px">
          <Text>{item.name}</Text>
          <Text>{formatRupees(item.price)}</Text>
        </Box>
      ))}
    </Box>
  );
}
