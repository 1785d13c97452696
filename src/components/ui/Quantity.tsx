import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';

/** "× 2" beside a kit's name, read out as "Quantity 2". */
export function Quantity({ count, testId }: { count: number; testId?: string }) {
  return (
    <Text as="span" fontSize="sm" color="gray.700" whiteSpace="nowrap" data-testid={testId}>
      <Box as="span" srOnly>
        Quantity{' '}
      </Box>
      <span aria-hidden="true">× </span>
      {count}
    </Text>
  );
}
