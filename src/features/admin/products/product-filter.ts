/**
 * The product filter of a staff list (customers' Bought, orders' Kit): every product of the catalogue, hidden ones
 * included, so that a kit staff add is among them as soon as it is added, and one taken off the shop still finds
 * its buyers.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { staffCatalogueQueryOptions } from './api/products';

/** The filter's value meaning "any product". */
export const ANY_PRODUCT = 'any';

export interface ProductFilter {
  /** The catalogue's product codes once it has arrived, for the list's parameters to check the address against. */
  codes: string[] | undefined;
  /** The filter's choices, `ANY_PRODUCT` first, and what each reads. */
  values: string[];
  labels: Record<string, string>;
}

/**
 * `chosen`, the code the address holds; `anyLabel`, what the choice of every product reads. A code the catalogue
 * turns out not to have is the list's parameters' to leave out.
 */
export function useProductFilter(chosen: string | undefined, anyLabel: string, enabled = true): ProductFilter {
  const catalogue = useQuery({ ...staffCatalogueQueryOptions, enabled });
  return useMemo(() => {
    const products = (catalogue.data ?? []).map((product) => ({ code: product.code, name: product.name }));
    // Chosen while the catalogue has not arrived (or could not be read): kept under its code.
    if (chosen && !catalogue.data && !products.some((product) => product.code === chosen)) products.push({ code: chosen, name: chosen });
    return {
      codes: catalogue.data?.map((product) => product.code),
      values: [ANY_PRODUCT, ...products.map((product) => product.code)],
      labels: Object.fromEntries([[ANY_PRODUCT, anyLabel], ...products.map((product) => [product.code, product.name])]),
    };
  }, [catalogue.data, chosen, anyLabel]);
}
