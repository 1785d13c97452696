/**
 * The authoring calls (operations tagged `authoring` in openapi/openapi.yaml): the pieces an author or reviewer
 * sees, one piece, its saves, review steps and revisions, and cover pictures.
 */
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { components, operations } from '../../../../openapi/schema';
import { api, ApiError, dataOf } from '@/lib/api-client';
import { postPicture } from '@/lib/upload-picture';

type Schemas = components['schemas'];
export type AuthoringItem = Schemas['AuthoringItem'];
export type AuthoringSummary = Schemas['AuthoringSummary'];
export type AuthoringSave = Schemas['AuthoringItemSave'];
export type ContentKind = Schemas['ContentKind'];
export type ContentState = Schemas['ContentState'];
export type ReviewStep = Schemas['ContentReviewStep'];
export type ContentRevision = Schemas['ContentRevision'];
export type ContentImage = Schemas['ContentImage'];
export type RecipeDetails = Schemas['RecipeDetails'];
type ListQuery = NonNullable<operations['listAuthoringItems']['parameters']['query']>;
type ListAnswer = operations['listAuthoringItems']['responses'][200]['content']['application/json'];

export const AUTHORING_KEY = ['authoring'] as const;
const itemKey = (id: string) => [...AUTHORING_KEY, 'item', id] as const;
const revisionsKey = (id: string) => [...AUTHORING_KEY, 'revisions', id] as const;

/** The most the contract lets one page of pieces hold. */
export const QUEUE_MAX = 100;

/** A refusal (404 not yours, 400…) is the answer; only a call that got no good answer is worth a second try. */
const retryUnlessRefused = (failures: number, error: Error) => !(error instanceof ApiError && error.kind === 'refused') && failures < 1;

export const authoringItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: itemKey(id),
    queryFn: async ({ signal }): Promise<AuthoringItem> =>
      dataOf(await api.GET('/api/authoring/items/{id}', { params: { path: { id } }, signal })).item,
    // The piece moves under the author's hands (saves, review steps): each visit reads it afresh.
    staleTime: 0,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

export function useAuthoringItem(id: string) {
  return useQuery(authoringItemQueryOptions(id));
}

export const revisionsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: revisionsKey(id),
    queryFn: async ({ signal }): Promise<ContentRevision[]> =>
      dataOf(await api.GET('/api/authoring/items/{id}/revisions', { params: { path: { id } }, signal })).items,
    staleTime: 0,
    retry: retryUnlessRefused,
    retryOnMount: false,
  });

export function useRevisions(id: string) {
  return useQuery(revisionsQueryOptions(id));
}

async function listItems(query: ListQuery, signal?: AbortSignal): Promise<ListAnswer> {
  return dataOf(await api.GET('/api/authoring/items', { params: { query }, signal }));
}

/**
 * The pieces waiting for review, those waiting longest first. The server lists the most recently changed first and
 * has no other order, so when more are waiting than one page holds the last page is asked for: it holds the oldest.
 */
export async function oldestSubmitted(kind: ContentKind | undefined, count: number, signal?: AbortSignal): Promise<ListAnswer> {
  const query: ListQuery = { state: 'submitted', limit: count, ...(kind ? { kind } : {}) };
  let page = await listItems(query, signal);
  if (page.total > count) page = await listItems({ ...query, offset: page.total - count }, signal);
  const items = [...page.items].sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
  return { items, total: page.total };
}

export const reviewQueueQueryOptions = (kind: ContentKind | undefined) =>
  queryOptions({
    queryKey: [...AUTHORING_KEY, 'queue', kind ?? 'all'],
    queryFn: ({ signal }) => oldestSubmitted(kind, QUEUE_MAX, signal),
    staleTime: 0,
    retryOnMount: false,
  });

export function useReviewQueue(kind: ContentKind | undefined) {
  return useQuery(reviewQueueQueryOptions(kind));
}

/** The piece as the server now has it, in every view of it on hand; the lists are read again when next shown. */
function keepItem(client: QueryClient, item: AuthoringItem) {
  client.setQueryData(itemKey(item._id), item);
  void client.invalidateQueries({ queryKey: [...AUTHORING_KEY, 'queue'], refetchType: 'none' });
  void client.invalidateQueries({ queryKey: revisionsKey(item._id) });
}

export function useCreateItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { kind: ContentKind; title: string }) => dataOf(await api.POST('/api/authoring/items', { body })).item,
    onSuccess: (item) => keepItem(client, item),
  });
}

/** Saves the draft (the autosave): the answer holds the text as the server kept it. */
export async function saveItem(id: string, body: AuthoringSave): Promise<AuthoringItem> {
  return dataOf(await api.PUT('/api/authoring/items/{id}', { params: { path: { id } }, body })).item;
}

/** Puts a piece the page has from elsewhere (an autosave's answer) where every view of it reads it. */
export function useKeepItem() {
  const client = useQueryClient();
  return (item: AuthoringItem) => keepItem(client, item);
}

export function useReviewStep(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ step, comment }: { step: ReviewStep; comment?: string }) =>
      dataOf(
        await api.POST('/api/authoring/items/{id}/review', { params: { path: { id } }, body: comment === undefined ? { step } : { step, comment } }),
      ).item,
    onSuccess: (item) => keepItem(client, item),
  });
}

export function useRestoreRevision(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (revisionId: string) =>
      dataOf(await api.POST('/api/authoring/items/{id}/revisions/{revisionId}/restore', { params: { path: { id, revisionId } }, body: {} })).item,
    onSuccess: (item) => keepItem(client, item),
  });
}

/** Uploads a picture as the request body; the server decides what it is from its content. */
export async function uploadContentImage(file: Blob): Promise<ContentImage> {
  return (await postPicture('/api/authoring/images', file)).image;
}
