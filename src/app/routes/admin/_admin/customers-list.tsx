import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '@/features/admin/customers/components/CustomersPage';
import { loadCustomerList } from '@/features/admin/customers/load';
import { customerListParams } from '@/features/admin/customers/params';
import { customersSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/customers-list')({
  validateSearch: customersSearch,
  loaderDeps: ({ search }) => customerListParams(search),
  loader: ({ context, deps, cause }) => loadCustomerList(context.queries, deps, cause),
  component: CustomersListPage,
});

function CustomersListPage() {
  return (
    <CustomersPage
      title="List of Customers"
      about="Every customer of the shop: find one by name, e-mail address, phone number or kit code."
      search={Route.useSearch()}
      listPath="/admin/customers-list"
      detailPath="/admin/gut-360-customer-details"
    />
  );
}
