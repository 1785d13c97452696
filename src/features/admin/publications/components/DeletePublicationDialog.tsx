import { Text } from '@chakra-ui/react/text';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import type { AdminPublication } from '../api/publications';

interface DeletePublicationDialogProps {
  publication: AdminPublication;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before deleting an entry, which cannot be undone; hiding it keeps it for later. */
export default function DeletePublicationDialog({ publication, busy, error, onConfirm, onClose }: DeletePublicationDialogProps) {
  return (
    <ConfirmDialog
      testId="publication-delete"
      title="Delete this publication?"
      text={
        <>
          <Text fontWeight="semibold">{publication.title}</Text>
          <Text>
            It leaves the publications page and this list for good. This cannot be undone: to take it off the page for a while, hide it
            instead.
          </Text>
        </>
      }
      confirmLabel="Delete"
      busyLabel="Deleting…"
      cancelLabel="Keep it"
      tone="destructive"
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
