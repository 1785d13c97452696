/**
 * What the care team's questionnaire pages load before they show: a page of the list, or one customer's history.
 * The routes import this module when they load, not with the shop's first page.
 */
import type { QueriesHandle } from '@/lib/queries-context';

type Cause = 'preload' | 'enter' | 'stay';

/** The list's page for the address's search as it came. */
export async function loadCareResults(queries: QueriesHandle, search: unknown, cause: Cause): Promise<void> {
  const [client, { staffQuestionnaireResultsQueryOptions }, { careResultsParams, careResultsQuery, careSearchFrom }] = await Promise.all([
    queries.ready,
    import('../api/questionnaires'),
    import('./params'),
  ]);
  // A failure is the page's to show, with its retry.
  const loaded = client
    .ensureQueryData(staffQuestionnaireResultsQueryOptions(careResultsQuery(careResultsParams(careSearchFrom(search)))))
    .catch(() => undefined);
  // Arriving, the page opens with its rows; another filter or page keeps the rows on screen while the next arrive.
  if (cause !== 'stay') await loaded;
}

/**
 * One customer's history; nothing is asked for without an id. The server writes each reading to the audit log, so a
 * preload (a link pointed at, not followed) brings the page's code only: the history is read when the page opens.
 */
export async function loadCareCustomer(queries: QueriesHandle, id: string | undefined, cause: Cause): Promise<void> {
  const [client, { staffCustomerQuestionnairesQueryOptions }] = await Promise.all([queries.ready, import('../api/questionnaires')]);
  if (!id || cause === 'preload') return;
  await client.ensureQueryData(staffCustomerQuestionnairesQueryOptions(id)).catch(() => undefined);
}
