/**
 * The customer lists of SPEC §2's sidebar: each with its address, its title, who is in it (those who bought every one
 * of its products) and the customer page its rows open. Here rather than in the route files, so that the routes,
 * which ship with the shop's first page, name a list and nothing more.
 */
export type CustomerListId = 'all' | 'ibs' | 'gutSens' | 'gut360' | 'gutSensGut360' | 'gutHealGut360';

export type CustomerListPath =
  | '/admin/customers-list'
  | '/admin/ibs-customers'
  | '/admin/gut-sens-customers'
  | '/admin/gut-360-customers'
  | '/admin/gut-sens-gut360-customers'
  | '/admin/gut-heal-gut360-customers';
export type CustomerDetailPath = '/admin/ibs-customer-details' | '/admin/gut-sens-customers-details' | '/admin/gut-360-customer-details';

export interface CustomerList {
  path: CustomerListPath;
  title: string;
  about: string;
  /** Who bought every one of these; none for the list of every customer. */
  products: readonly string[];
  detailPath: CustomerDetailPath;
}

export const CUSTOMER_LISTS: Record<CustomerListId, CustomerList> = {
  all: {
    path: '/admin/customers-list',
    title: 'List of Customers',
    about: 'Every customer of the shop: find one by name, e-mail address, phone number or kit code.',
    products: [],
    detailPath: '/admin/gut-360-customer-details',
  },
  ibs: {
    path: '/admin/ibs-customers',
    title: 'IBS Customers',
    about: 'Customers who bought Gut Heal (IBS Heal).',
    products: ['PROD-IBS-HEAL'],
    detailPath: '/admin/ibs-customer-details',
  },
  gutSens: {
    path: '/admin/gut-sens-customers',
    title: 'Gut Sens Customers',
    about: 'Customers who bought Gut SEnS.',
    products: ['PROD-GSENS'],
    detailPath: '/admin/gut-sens-customers-details',
  },
  gut360: {
    path: '/admin/gut-360-customers',
    title: 'Gut 360 Customers',
    about: 'Customers who bought Gut 360.',
    products: ['PROD-G360'],
    detailPath: '/admin/gut-360-customer-details',
  },
  gutSensGut360: {
    path: '/admin/gut-sens-gut360-customers',
    title: 'Gut Sens Gut360 Customers',
    about: 'Customers who bought both Gut SEnS and Gut 360.',
    products: ['PROD-GSENS', 'PROD-G360'],
    detailPath: '/admin/gut-sens-customers-details',
  },
  gutHealGut360: {
    path: '/admin/gut-heal-gut360-customers',
    title: 'Gut Heal Gut360 Customers',
    about: 'Customers who bought both Gut Heal and Gut 360.',
    products: ['PROD-IBS-HEAL', 'PROD-G360'],
    detailPath: '/admin/ibs-customer-details',
  },
};
