/**
 * The draft saves itself: 2 seconds after the last change, the page's values go to the save call. What it answers
 * becomes the saved state; the text as the server kept it (sanitised) replaces the editor's, unless the author has
 * typed on meanwhile. A failed save keeps every word on the page and says why, with a retry.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { saveItem, type AuthoringItem } from './api/authoring';
import { comparable, problemsFromServer, saveBodyOf, type DraftProblems, type DraftValues } from './draft';

/** How long the author pauses before the draft is saved. */
export const AUTOSAVE_DELAY_MS = 2000;

export type SaveStatus =
  | { kind: 'unchanged' }
  | { kind: 'changed' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  /** `retry`: trying again as it is may work (no answer, the server failing); otherwise something must change first. */
  | { kind: 'failed'; reason: string; retry: boolean };

interface AutosaveOptions {
  itemId: string;
  values: DraftValues;
  /** Off while the piece is not the person's to change. */
  enabled: boolean;
  /** The piece as saved, for the rest of the page. */
  onSaved: (item: AuthoringItem) => void;
  /** The text as the server kept it, for the editor to show. */
  onServerHtml: (html: string) => void;
  /** Problems to show at the fields: the page's own checks, or the server's (an empty set clears them). */
  onProblems: (problems: DraftProblems) => void;
  /** The piece is no longer editable (409 CONTENT_NOT_EDITABLE): read it again. */
  onNotEditable: () => void;
}

function reasonOf(error: unknown): { reason: string; retry: boolean; problems?: DraftProblems } {
  if (!(error instanceof ApiError)) return { reason: 'something went wrong in the page. Please try again.', retry: true };
  if (error.status === 400 && error.fields) {
    const { problems, unplaced } = problemsFromServer(error.fields);
    return { reason: unplaced[0] ?? 'check the fields marked below.', retry: false, problems };
  }
  if (error.code === 'CONTENT_SLUG_TAKEN') {
    return { reason: error.message, retry: false, problems: { slug: error.fields?.slug ?? error.message } };
  }
  return { reason: error.message, retry: error.kind !== 'refused' };
}

export function useAutosave({ itemId, values, enabled, onSaved, onServerHtml, onProblems, onNotEditable }: AutosaveOptions) {
  const [status, setStatus] = useState<SaveStatus>({ kind: 'unchanged' });
  const latest = useRef(values);
  const savedAs = useRef(comparable(values));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const callbacks = useRef({ onSaved, onServerHtml, onProblems, onNotEditable });
  const current = comparable(values);

  useEffect(() => {
    latest.current = values;
    callbacks.current = { onSaved, onServerHtml, onProblems, onNotEditable };
  });

  const save = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    // One save at a time: a change made meanwhile goes in the next one.
    if (inFlight.current) await inFlight.current;
    const sent = latest.current;
    if (comparable(sent) === savedAs.current) return true;
    const { body, problems } = saveBodyOf(sent);
    callbacks.current.onProblems(problems);
    const [firstProblem] = Object.values(problems);
    if (firstProblem) {
      setStatus({ kind: 'failed', reason: firstProblem, retry: false });
      return false;
    }
    setStatus({ kind: 'saving' });
    const attempt = (async () => {
      try {
        const item = await saveItem(itemId, body);
        const typedSince = latest.current.bodyHtml !== sent.bodyHtml;
        const kept = typedSince ? sent : { ...sent, bodyHtml: item.bodyHtml };
        savedAs.current = comparable(kept);
        if (!typedSince && item.bodyHtml !== sent.bodyHtml) callbacks.current.onServerHtml(item.bodyHtml);
        callbacks.current.onSaved(item);
        setStatus({ kind: 'saved', at: item.updatedAt });
        return true;
      } catch (error) {
        const { reason, retry, problems: refused } = reasonOf(error);
        if (refused) callbacks.current.onProblems(refused);
        if (error instanceof ApiError && error.code === 'CONTENT_NOT_EDITABLE') callbacks.current.onNotEditable();
        setStatus({ kind: 'failed', reason, retry });
        return false;
      } finally {
        inFlight.current = null;
      }
    })();
    inFlight.current = attempt;
    return attempt;
  }, [itemId]);

  useEffect(() => {
    if (!enabled || current === savedAs.current) return;
    setStatus((status) => (status.kind === 'saving' ? status : { kind: 'changed' }));
    timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [current, enabled, save]);

  /** Saves now what is waiting (before a review step, or on leaving); true when nothing is left unsaved. */
  const flush = useCallback(() => save(), [save]);

  /** After the piece was replaced from the server (a revision restored): its values are the saved state. */
  const reset = useCallback((saved: DraftValues) => {
    clearTimeout(timer.current);
    savedAs.current = comparable(saved);
    setStatus({ kind: 'unchanged' });
  }, []);

  return { status, dirty: enabled && current !== savedAs.current, flush, reset };
}
