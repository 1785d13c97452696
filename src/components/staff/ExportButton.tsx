/**
 * "Export CSV" for a staff list: the server makes the file in the background while this shows how far it has come,
 * then saves it. The list stays usable meanwhile; a failure says what happened and offers to start again.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useRef, useState } from 'react';
import { failureMessage } from '@/lib/failure';
import { exportProgress, jobKindOf, saveExport, startExport, type ExportJob, type ExportRequest } from '@/lib/staff-exports';
import { formatCount } from './ListControls';

const POLL_MS = 500;

type Progress =
  | { step: 'idle' }
  | { step: 'making'; job: ExportJob }
  | { step: 'saved'; job: ExportJob }
  | { step: 'failed'; message: string; job: ExportJob | null };

const percentOf = (job: ExportJob) => (job.total === 0 ? 100 : Math.min(100, Math.round((job.rows / job.total) * 100)));

export function ExportButton({ request, what }: { request: ExportRequest; what: string }) {
  const [progress, setProgress] = useState<Progress>({ step: 'idle' });
  const polling = useRef<AbortController | null>(null);

  useEffect(() => () => polling.current?.abort(), []);

  async function follow(first: ExportJob) {
    const controller = new AbortController();
    polling.current?.abort();
    polling.current = controller;
    let job = first;
    try {
      while (job.status === 'queued' || job.status === 'running') {
        setProgress({ step: 'making', job });
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
        if (controller.signal.aborted) return;
        job = await exportProgress(job._id, controller.signal);
      }
      if (job.status === 'failed') {
        setProgress({ step: 'failed', message: 'The export stopped before it was finished. Please start it again.', job });
        return;
      }
      await saveExport(job);
      setProgress({ step: 'saved', job });
    } catch (error) {
      if (controller.signal.aborted) return;
      setProgress({ step: 'failed', message: failureMessage(error) ?? 'The export could not be made. Please try again.', job });
    }
  }

  async function start() {
    setProgress({ step: 'making', job: { _id: '', kind: jobKindOf(request), status: 'queued', rows: 0, total: 0, createdAt: '', finishedAt: null, fileName: '' } });
    try {
      await follow(await startExport(request));
    } catch (error) {
      setProgress({ step: 'failed', message: failureMessage(error) ?? 'The export could not be started. Please try again.', job: null });
    }
  }

  const making = progress.step === 'making';
  return (
    <Flex direction="column" gap="2" align={{ base: 'stretch', sm: 'flex-end' }} minW={{ sm: '16rem' }}>
      <Button variant="outline" size="sm" onClick={() => void start()} loading={making} loadingText="Exporting…">
        Export {what} as CSV
      </Button>
      <Box aria-live="polite" fontSize="sm">
        {progress.step === 'making' && progress.job._id ? (
          <Box>
            <Box
              role="progressbar"
              aria-label={`Exporting ${what}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percentOf(progress.job)}
              h="2"
              bg="gray.200"
              rounded="full"
              overflow="hidden"
            >
              <Box h="full" bg="brand.600" w={`${percentOf(progress.job)}%`} transition="width 0.3s" />
            </Box>
            <Text mt="1" color="gray.700">
              {formatCount(progress.job.rows)} of {formatCount(progress.job.total)} rows written…
            </Text>
          </Box>
        ) : null}
        {progress.step === 'saved' ? (
          <Text color="green.800">
            Saved {progress.job.fileName}: {formatCount(progress.job.rows)} {progress.job.rows === 1 ? 'row' : 'rows'}.{' '}
            <Button variant="plain" size="sm" px="0" h="auto" textDecoration="underline" onClick={() => {
                const { job } = progress;
                saveExport(job).catch((error: unknown) =>
                  setProgress({ step: 'failed', message: failureMessage(error) ?? 'The file could not be saved. Please export again.', job }),
                );
              }}>
              Save again
            </Button>
          </Text>
        ) : null}
        {progress.step === 'failed' ? (
          <Text role="alert" color="red.700">
            {progress.message}
          </Text>
        ) : null}
      </Box>
    </Flex>
  );
}
