import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { loadCustomerList } from '@/features/admin/customers/load';
import { customerListParams } from '@/features/admin/customers/params';
import { customersSearch } from '../../../search';

/** Who bought every one of these. */
const PRODUCTS = ['PROD-G360'] as const;

export const Route = createFileRoute('/admin/_admin/gut-360-customers')({
  validateSearch: customersSearch,
  loaderDeps: ({ search }) => customerListParams(search, PRODUCTS),
  loader: ({ context, deps, cause }) => loadCustomerList(context.queries, deps, cause),
  component: Gut360CustomersPage,
});

function Gut360CustomersPage() {
  return (
    <CustomersPage
      title="Gut 360 Customers"
      about="Customers who bought Gut 360."
      search={Route.useSearch()}
      listPath="/admin/gut-360-customers"
      detailPath="/admin/gut-360-customer-details"
      fixedProducts={PRODUCTS}
    />
  );
}
