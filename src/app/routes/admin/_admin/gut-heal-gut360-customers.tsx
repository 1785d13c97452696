import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { loadCustomerList } from '@/features/admin/customers/load';
import { customerListParams } from '@/features/admin/customers/params';
import { customersSearch } from '../../../search';

/** Who bought every one of these. */
const PRODUCTS = ['PROD-IBS-HEAL', 'PROD-G360'] as const;

export const Route = createFileRoute('/admin/_admin/gut-heal-gut360-customers')({
  validateSearch: customersSearch,
  loaderDeps: ({ search }) => customerListParams(search, PRODUCTS),
  loader: ({ context, deps, cause }) => loadCustomerList(context.queries, deps, cause),
  component: GutHealGut360CustomersPage,
});

function GutHealGut360CustomersPage() {
  return (
    <CustomersPage
      title="Gut Heal Gut360 Customers"
      about="Customers who bought both Gut Heal and Gut 360."
      search={Route.useSearch()}
      listPath="/admin/gut-heal-gut360-customers"
      detailPath="/admin/ibs-customer-details"
      fixedProducts={PRODUCTS}
    />
  );
}
