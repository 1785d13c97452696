import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { failureMessage } from '@/lib/failure';

export { isChunkLoadError, LoadError, PAGE_LOAD_TIMEOUT_MS, PageSpinner, PendingPage } from './PageLoading';

/**
 * Where a page's content will be, while it loads: grey blocks of the heights the content usually has, so that the
 * page around it does not move when it arrives, and `label` for screen readers.
 */
export function ContentSkeleton({ label, blocks }: { label: string; blocks: readonly string[] }) {
  return (
    <Box display="flex" flexDirection="column" gap="4" role="status" aria-live="polite" aria-busy="true" data-testid="content-skeleton">
      <Box as="span" srOnly>
        {label}
      </Box>
      {blocks.map((height, index) => (
        <Box key={index} height={height} bg="gray.100" rounded="lg" aria-hidden="true" />
      ))}
    </Box>
  );
}

/** A part of a page whose data could not be loaded: what, why (no connection, the server busy…), and a retry. */
export function DataLoadFailure({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Box role="alert" borderWidth="1px" borderColor="red.200" bg="red.50" rounded="lg" p="6">
      <Text mb="4">
        We could not load {what}. {failureMessage(error) ?? 'Check your connection and try again.'}
      </Text>
      <Button onClick={onRetry}>Try again</Button>
    </Box>
  );
}
