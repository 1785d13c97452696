import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Heading } from '@chakra-ui/react/heading';
import { Spinner } from '@chakra-ui/react/spinner';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';
import { failureMessage } from '@/lib/failure';

/** Lazy pages that have not arrived by then are reported as a load error (SPEC §8, §9). */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box display="flex" flexDirection="column" alignItems="center" gap="3" py="20" role="status" aria-live="polite">
      <Spinner size="lg" color="brand.600" />
      <Text color="gray.600">{label}</Text>
    </Box>
  );
}

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

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Box textAlign="center" py="20" px="4" role="alert" data-testid="load-error">
      <Heading as="h1" size="lg" mb="2">
        This page could not be loaded
      </Heading>
      <Text color="gray.600" mb="6">
        Check your internet connection, then try again.
      </Text>
      <Button colorPalette="brand" onClick={onRetry}>
        Try again
      </Button>
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

/** Shown while a route's code loads; turns into a load error once the time-out passes. */
export function PendingPage({ timeoutMs = PAGE_LOAD_TIMEOUT_MS }: { timeoutMs?: number }) {
  const [timedOut, setTimedOut] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return timedOut ? <LoadError onRetry={() => window.location.reload()} /> : <PageSpinner />;
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(
    message,
  );
}
