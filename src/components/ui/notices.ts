/**
 * Notices (SPEC §8, §9) without loading the toast widget up front: notices wait here until the lazily loaded
 * toaster registers itself, then go straight to it.
 */
export type NoticeType = 'success' | 'error' | 'info';
export interface Notice {
  type: NoticeType;
  description: string;
}

type Sink = (notice: Notice) => void;

let sink: Sink | null = null;
const waiting: Notice[] = [];
const listeners = new Set<() => void>();

function push(notice: Notice) {
  if (sink) return sink(notice);
  waiting.push(notice);
  listeners.forEach((listener) => listener());
}

export const notify = {
  success: (description: string) => push({ type: 'success', description }),
  error: (description: string) => push({ type: 'error', description }),
  info: (description: string) => push({ type: 'info', description }),
};

/** Called by the toaster once it is mounted; hands over the notices that arrived before it. */
export function attachNoticeSink(next: Sink): () => void {
  sink = next;
  waiting.splice(0).forEach(next);
  return () => {
    if (sink === next) sink = null;
  };
}

/** For `useSyncExternalStore`: whether any notice was ever raised (the toaster is loaded from then on). */
export const noticeStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  hasAny: () => sink !== null || waiting.length > 0,
};
