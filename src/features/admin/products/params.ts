/** What the staff's product list is asked for (operation `listStaffProducts`), as its page keeps it in the address. */
import { isStaffPage, STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import type { components } from '../../../../openapi/schema';

export type StaffProductSort = components['schemas']['StaffProductSort'];
export type ProductStatus = 'active' | 'hidden';

export const PRODUCT_SORTS = ['sort', '-sort', 'name', '-name', 'code', '-code', 'price', '-price', '-updatedAt', 'updatedAt'] as const satisfies readonly StaffProductSort[];
export const PRODUCT_STATUSES = ['active', 'hidden'] as const satisfies readonly ProductStatus[];
export const PRODUCT_PAGE_SIZE = STAFF_PAGE_SIZE;

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export type ProductsSearch = {
  q?: string | undefined;
  status?: ProductStatus | undefined;
  sort?: StaffProductSort | undefined;
  page?: number | undefined;
};

export interface ProductListParams {
  q: string | undefined;
  status: ProductStatus | undefined;
  sort: StaffProductSort;
  page: number;
}

const oneOf = <Value extends string>(values: readonly Value[], value: unknown): Value | undefined => values.find((candidate) => candidate === value);

/** The list's address read by its rules: what they do not accept is left out, as if it were not there. */
export function productsSearchFrom(raw: unknown): ProductsSearch {
  const search = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const q = typeof search.q === 'number' ? String(search.q) : search.q;
  return {
    q: typeof q === 'string' && q.trim() !== '' && q.length <= 100 ? q : undefined,
    status: oneOf(PRODUCT_STATUSES, search.status),
    sort: oneOf(PRODUCT_SORTS, search.sort),
    page: isStaffPage(search.page) ? search.page : undefined,
  };
}

export function productListParams(search: ProductsSearch): ProductListParams {
  return { q: search.q, status: search.status, sort: search.sort ?? 'sort', page: search.page ?? 1 };
}

/** The address's search for `params`, the defaults left out so that the plain address is the usual view. */
export function productsSearchFor(params: ProductListParams): ProductsSearch {
  return {
    q: params.q,
    status: params.status,
    sort: params.sort === 'sort' ? undefined : params.sort,
    page: params.page === 1 ? undefined : params.page,
  };
}

/** `?id=` of the edit page. */
export function productIdFrom(raw: unknown): string | undefined {
  const id = (raw as Record<string, unknown> | null)?.id;
  return typeof id === 'string' && id.length > 0 && id.length <= 64 ? id : undefined;
}
