import { Box } from '@chakra-ui/react/box';
import { Button, type ButtonProps } from '@chakra-ui/react/button';
import { Text } from '@chakra-ui/react/text';
import { useState } from 'react';

interface DownloadButtonProps extends Omit<ButtonProps, 'onClick' | 'loading' | 'loadingText' | 'children'> {
  label: string;
  busyLabel: string;
  /** Saves the file; rejects with the words to show when it cannot. */
  download: () => Promise<void>;
}

/** A button that saves a document the server makes (an invoice, a credit note, a report), saying why when it cannot. */
export function DownloadButton({ label, busyLabel, download, ...button }: DownloadButtonProps) {
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <Box>
      <Button
        {...button}
        loading={state.busy}
        loadingText={busyLabel}
        onClick={() => {
          setState({ busy: true, error: null });
          download().then(
            () => setState({ busy: false, error: null }),
            (error: unknown) => setState({ busy: false, error: error instanceof Error ? error.message : `${label} failed. Please try again.` }),
          );
        }}
      >
        {label}
      </Button>
      {state.error ? (
        <Text role="alert" color="red.700" mt="2">
          {state.error}
        </Text>
      ) : null}
    </Box>
  );
}
