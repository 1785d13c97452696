import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { loadCustomerList } from '@/features/admin/customers/load';
import { customerListParams } from '@/features/admin/customers/params';
import { customersSearch } from '../../../search';

/** Who bought every one of these. */
const PRODUCTS = ['PROD-GSENS'] as const;

export const Route = createFileRoute('/admin/_admin/gut-sens-customers')({
  validateSearch: customersSearch,
  loaderDeps: ({ search }) => customerListParams(search, PRODUCTS),
  loader: ({ context, deps, cause }) => loadCustomerList(context.queries, deps, cause),
  component: GutSensCustomersPage,
});

function GutSensCustomersPage() {
  return (
    <CustomersPage
      title="Gut Sens Customers"
      about="Customers who bought Gut SEnS."
      search={Route.useSearch()}
      listPath="/admin/gut-sens-customers"
      detailPath="/admin/gut-sens-customers-details"
      fixedProducts={PRODUCTS}
    />
  );
}
