import { lazy, Suspense, useSyncExternalStore } from 'react';
import { noticeStore } from './notices';

const Toaster = lazy(() => import('./toaster'));

/** Mounts the toaster when the first notice is raised. */
export function NoticeOutlet() {
  const needed = useSyncExternalStore(noticeStore.subscribe, noticeStore.hasAny, () => false);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
