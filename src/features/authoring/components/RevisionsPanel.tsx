/** The piece's revisions, newest first, with Restore for the author while the text may change (asked first). */
import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { lazy, Suspense, useState } from 'react';
import { DataLoadFailure } from '@/components/layout/PageStatus';
import { notify } from '@/components/ui/notices';
import { ApiError } from '@/lib/api-client';
import { AUTHOR_ROLE_LABEL } from '@/lib/content';
import { formatShopDateTime } from '@/lib/dates';
import { useRestoreRevision, useRevisions, type AuthoringItem, type ContentRevision } from '../api/authoring';

const ConfirmDialog = lazy(() => import('@/components/staff/ConfirmDialog'));

interface RevisionsPanelProps {
  itemId: string;
  /** Whether the person may restore a revision now (the author, while the text may change). */
  canRestore: boolean;
  /** Whether there are changes on the page not saved yet: they are saved first, so that they stay in the list. */
  unsaved: boolean;
  saveFirst: () => Promise<boolean>;
  onRestored: (item: AuthoringItem) => void;
}

export function RevisionsPanel({ itemId, canRestore, unsaved, saveFirst, onRestored }: RevisionsPanelProps) {
  const revisions = useRevisions(itemId);
  const restore = useRestoreRevision(itemId);
  const [confirming, setConfirming] = useState<ContentRevision | null>(null);
  const [error, setError] = useState<string | null>(null);

  const confirm = async (revision: ContentRevision) => {
    setError(null);
    if (!(await saveFirst())) {
      setError('Your latest changes could not be saved first, so nothing was restored. See the save status above, then try again.');
      return;
    }
    try {
      const item = await restore.mutateAsync(revision._id);
      onRestored(item);
      setConfirming(null);
      notify.success(`Revision ${revision.number} is the text again.`);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'The revision could not be restored. Please try again.');
    }
  };

  return (
    <Box as="section" aria-labelledby="revisions-heading" borderWidth="1px" borderColor="gray.200" rounded="lg" p="4" data-testid="revisions-panel">
      <Heading as="h2" id="revisions-heading" size="lg" mb="3">
        Revisions
      </Heading>
      {revisions.isPending ? (
        <Text role="status" color="gray.700">
          Loading the revisions…
        </Text>
      ) : revisions.isError ? (
        <DataLoadFailure what="the revisions" error={revisions.error} onRetry={() => void revisions.refetch()} />
      ) : revisions.data.length === 0 ? (
        <Text color="gray.700">No revision yet.</Text>
      ) : (
        <Stack as="ol" listStyleType="none" gap="2">
          {revisions.data.map((revision) => (
            <Flex
              as="li"
              key={revision._id}
              gap="2"
              align="center"
              justify="space-between"
              wrap="wrap"
              borderBottomWidth="1px"
              borderColor="gray.100"
              pb="2"
              data-testid="revision"
            >
              <Box minW="0">
                <Flex gap="2" align="center" wrap="wrap">
                  <Text fontWeight="semibold">Revision {revision.number}</Text>
                  {revision.current ? (
                    <Badge colorPalette="green" size="sm">
                      Current
                    </Badge>
                  ) : null}
                </Flex>
                <Text fontSize="sm" color="gray.700">
                  {revision.author.name}, {AUTHOR_ROLE_LABEL[revision.author.role]} ·{' '}
                  <time dateTime={revision.createdAt}>{formatShopDateTime(revision.createdAt)}</time>
                </Text>
                <Text fontSize="sm" color="gray.800" overflowWrap="anywhere">
                  {revision.title}
                </Text>
              </Box>
              {canRestore && !revision.current ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setError(null);
                    setConfirming(revision);
                  }}
                  aria-label={`Restore revision ${revision.number}`}
                >
                  Restore
                </Button>
              ) : null}
            </Flex>
          ))}
        </Stack>
      )}
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            title={`Restore revision ${confirming.number}?`}
            text={`That revision becomes the piece's text again, kept as a new revision; the text you have now stays in this list${unsaved ? ' (your latest changes are saved first)' : ''}, so you can come back to it.`}
            confirmLabel="Restore"
            busyLabel="Restoring…"
            cancelLabel="Keep the current text"
            busy={restore.isPending}
            error={error}
            onConfirm={() => void confirm(confirming)}
            onClose={() => setConfirming(null)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
