// Apart from the messages of failure.ts, which a page that has only failed to load never shows.

/** The words for a failed call (an API error says what happened); null for anything else. */
export function failureMessage(error: unknown): string | null {
  return error instanceof Error && error.name === 'ApiError' ? error.message : null;
}
