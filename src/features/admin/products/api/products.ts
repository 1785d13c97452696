import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, operations } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { postPicture } from '@/lib/upload-picture';
import { PRODUCT_PAGE_SIZE, type ProductListParams } from '../params';

export type StaffProduct = components['schemas']['StaffProduct'];
export type ProductImage = components['schemas']['ProductImage'];
export type ProductInput = components['schemas']['ProductInput'];
export type ProductPatch = components['schemas']['ProductPatch'];
export type ProductsPage = operations['listStaffProducts']['responses'][200]['content']['application/json'];

export const STAFF_PRODUCTS_KEY = ['admin', 'products'] as const;

export const staffProductsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: [...STAFF_PRODUCTS_KEY, 'list', params],
    queryFn: async ({ signal }): Promise<ProductsPage> =>
      dataOf(
        await api.GET('/api/admin/products', {
          params: {
            query: {
              ...(params.q ? { q: params.q } : {}),
              ...(params.status ? { status: params.status } : {}),
              sort: params.sort,
              limit: PRODUCT_PAGE_SIZE,
              offset: (params.page - 1) * PRODUCT_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    retryOnMount: false,
  });

/** The products a staff list can be filtered by: every one, hidden ones included, in the menus' order. */
export const STAFF_CATALOGUE_LIMIT = 100;

export const staffCatalogueQueryOptions = queryOptions({
  queryKey: [...STAFF_PRODUCTS_KEY, 'all'],
  queryFn: async ({ signal }): Promise<StaffProduct[]> =>
    dataOf(await api.GET('/api/admin/products', { params: { query: { sort: 'sort', limit: STAFF_CATALOGUE_LIMIT } }, signal })).items,
  staleTime: 60_000,
});

export function useStaffProducts(params: ProductListParams) {
  return useQuery(staffProductsQueryOptions(params));
}

export const staffProductQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...STAFF_PRODUCTS_KEY, 'one', id],
    queryFn: async ({ signal }): Promise<StaffProduct> =>
      dataOf(await api.GET('/api/admin/products/{id}', { params: { path: { id } }, signal })).product,
    retryOnMount: false,
  });

export function useStaffProduct(id: string) {
  return useQuery(staffProductQueryOptions(id));
}

/** After a change: the staff's lists and the shop's catalogue (menus, pages) read afresh. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: STAFF_PRODUCTS_KEY }), queryClient.invalidateQueries({ queryKey: ['products'] })]);
}

export function useCreateProduct() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: ProductInput) => dataOf(await api.POST('/api/admin/products', { body: input })).product,
    onSuccess: refresh,
  });
}

export function useUpdateProduct(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (patch: ProductPatch) => dataOf(await api.PATCH('/api/admin/products/{id}', { params: { path: { id } }, body: patch })).product,
    onSuccess: refresh,
  });
}

export function useDeleteProduct(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async () => dataOf(await api.DELETE('/api/admin/products/{id}', { params: { path: { id } } })),
    onSuccess: refresh,
  });
}

/** Uploads a picture as the request body; the server decides what it is from its content. */
export async function uploadProductImage(file: Blob): Promise<ProductImage> {
  return (await postPicture('/api/admin/product-images', file)).image;
}
