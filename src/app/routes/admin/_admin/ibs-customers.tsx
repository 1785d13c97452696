import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { loadCustomerList } from '@/features/admin/customers/load';
import { customerListParams } from '@/features/admin/customers/params';
import { customersSearch } from '../../../search';

/** Who bought every one of these. */
const PRODUCTS = ['PROD-IBS-HEAL'] as const;

export const Route = createFileRoute('/admin/_admin/ibs-customers')({
  validateSearch: customersSearch,
  loaderDeps: ({ search }) => customerListParams(search, PRODUCTS),
  loader: ({ context, deps, cause }) => loadCustomerList(context.queries, deps, cause),
  component: IbsCustomersPage,
});

function IbsCustomersPage() {
  return (
    <CustomersPage
      title="IBS Customers"
      about="Customers who bought Gut Heal (IBS Heal)."
      search={Route.useSearch()}
      listPath="/admin/ibs-customers"
      detailPath="/admin/ibs-customer-details"
      fixedProducts={PRODUCTS}
    />
  );
}
