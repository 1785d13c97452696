import { useBlocker } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';

const ConfirmDialog = lazy(() => import('@/components/staff/ConfirmDialog'));

/**
 * Leaving the page with changes not saved yet asks first: the browser's own question when the tab is closed or
 * reloaded, and ours when a link inside the shop is followed, where the changes can still be saved on the way out.
 */
export function LeaveGuard({ unsaved, saveFirst }: { unsaved: boolean; saveFirst: () => Promise<boolean> }) {
  const blocker = useBlocker({ shouldBlockFn: () => unsaved, enableBeforeUnload: () => unsaved, withResolver: true });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (blocker.status !== 'blocked') return null;

  const stay = () => {
    setError(null);
    blocker.reset();
  };
  const saveAndLeave = async () => {
    setSaving(true);
    setError(null);
    const saved = await saveFirst();
    setSaving(false);
    if (saved) blocker.proceed();
    else setError('The changes could not be saved. Stay to try again, or leave without them.');
  };
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        title="Leave this page?"
        text="Your latest changes are not saved yet."
        confirmLabel="Save and leave"
        busyLabel="Saving…"
        cancelLabel="Stay on this page"
        other={{
          label: 'Leave without saving',
          onClick: () => {
            setError(null);
            blocker.proceed();
          },
        }}
        busy={saving}
        error={error}
        onConfirm={() => void saveAndLeave()}
        onClose={stay}
      />
    </Suspense>
  );
}
