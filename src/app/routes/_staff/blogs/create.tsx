import { createFileRoute } from '@tanstack/react-router';
import { CreatePiecePage } from '@/features/authoring/components/CreatePiecePage';
import { queryClientLoaded } from '../../../guards';

export const Route = createFileRoute('/_staff/blogs/create')({
  loader: queryClientLoaded,
  component: BlogsCreatePage,
});

function BlogsCreatePage() {
  return <CreatePiecePage kind="post" />;
}
