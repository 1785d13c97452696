import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import type { SaveStatus } from '../use-autosave';

const clock = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' });

/** "Saving…", "Saved at 10:42 am", "Not saved: <why> — Retry": announced as it changes. */
export function SaveStatusLine({ status, onRetry }: { status: SaveStatus; onRetry: () => void }) {
  const failed = status.kind === 'failed';
  return (
    <Box
      display="flex"
      alignItems="center"
      flexWrap="wrap"
      gap="2"
      minH="8"
      px="3"
      py="1"
      rounded="md"
      bg={failed ? 'red.50' : 'gray.50'}
      borderWidth="1px"
      borderColor={failed ? 'red.300' : 'gray.200'}
      data-testid="save-status"
    >
      <Text role="status" aria-live="polite" fontSize="sm" color={failed ? 'red.800' : 'gray.800'}>
        {status.kind === 'saving'
          ? 'Saving…'
          : status.kind === 'saved'
            ? `Saved at ${clock.format(new Date(status.at))}`
            : status.kind === 'changed'
              ? 'Changes not saved yet'
              : failed
                ? `Not saved: ${status.reason}`
                : 'All changes saved'}
      </Text>
      {failed && status.retry ? (
        <Button size="xs" variant="outline" colorPalette="red" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
    </Box>
  );
}
