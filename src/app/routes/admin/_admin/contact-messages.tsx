import { createFileRoute } from '@tanstack/react-router';
import { ContactMessagesPage } from '@/features/admin/messages/components/ContactMessagesPage';
import { listSearch } from '../../../search';

export const Route = createFileRoute('/admin/_admin/contact-messages')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps, cause }) => (await import('@/features/admin/messages/load')).loadMessageList(context.queries, deps, cause),
  component: AdminContactMessagesPage,
});

function AdminContactMessagesPage() {
  return <ContactMessagesPage search={Route.useSearch()} />;
}
