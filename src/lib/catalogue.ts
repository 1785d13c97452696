import { queryOptions } from '@tanstack/react-query';
import type { components } from '../../openapi/schema';
import { embeddedAnswerOf, takeEmbeddedAnswer } from './embedded-answer';
import { useEarlyQuery, type QueriesHandle } from './queries-context';

export type Product = components['schemas']['Product'];

/**
 * The catalogue as the server puts it into the home page and the kits' pages (server/plugins/catalogue-page.ts),
 * beside the kits and prices already in their markup: read as of the moment the page was sent, so it is not asked
 * for again until it is stale.
 */
export const CATALOGUE_KEY = 'all';
const sent = () => takeEmbeddedAnswer<Product[]>('listProducts', CATALOGUE_KEY);

export const productsQueryOptions = queryOptions({
  queryKey: ['products'],
  queryFn: async ({ signal }): Promise<Product[]> => {
    // The API client arrives with the shop's machines, after the first page: the catalogue is asked for after it.
    const { api, dataOf } = await import('./api-client');
    return dataOf(await api.GET('/api/products', { signal })).data;
  },
  initialData: sent,
  staleTime: 5 * 60_000,
  retry: 1,
});

/** Starts fetching the catalogue (a route's loader); the page shows its own loading and error states. */
export function prefetchProducts(queries: QueriesHandle): void {
  queries.ready.then(
    (client) => client.prefetchQuery(productsQueryOptions),
    // The page reads the same failure through `useProducts`.
    () => undefined,
  );
}

/** The catalogue; the public pages read it before TanStack Query has loaded (src/lib/queries-context.tsx). */
export function useProducts() {
  return useEarlyQuery(productsQueryOptions);
}

/**
 * The catalogue for the parts of a page whose markup the server made from the catalogue it sent with the page (the
 * kits' cards, a kit's price): that answer until TanStack Query has loaded, so that they take their markup over as
 * it is. The rest of the page (the Products menu) renders as prerendered and follows the catalogue after.
 */
export function useProductsAsSent() {
  return useEarlyQuery(productsQueryOptions, embeddedAnswerOf<Product[]>('listProducts', CATALOGUE_KEY));
}

export interface ProductMenuItem {
  label: string;
  to: string;
}

/** The menu as the catalogue orders it (`sort`), each kit at /products/<slug>; `fallback` until the catalogue has loaded. */
export function productMenuOf(products: readonly Product[] | undefined, fallback: readonly ProductMenuItem[]): readonly ProductMenuItem[] {
  if (!products || products.length === 0) return fallback;
  return products.map((product) => ({ label: product.name, to: `/products/${product.slug}` }));
}

/**
 * The Products menu of the header and the drawer: the prerendered page starts with `fallback` (the shop's four
 * kits), and the catalogue's own list replaces it once it has loaded, a hidden kit gone and a new one added.
 */
export function useProductMenu(fallback: readonly ProductMenuItem[]): readonly ProductMenuItem[] {
  return productMenuOf(useProducts().data, fallback);
}
