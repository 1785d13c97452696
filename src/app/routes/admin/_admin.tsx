import { createFileRoute } from '@tanstack/react-router';
import { AdminDenied, AdminLayout } from '@/features/admin/AdminLayout';
import { PageSpinner } from '@/components/layout/PageStatus';
import { RouteError } from '@/components/layout/RouteError';
import { AccessDenied, requireAdmin } from '../../guards';

/** The admin area (SPEC §2, §4): a spinner while auth loads, the area for admins, the exact message for everyone else. */
export const Route = createFileRoute('/admin/_admin')({
  beforeLoad: ({ context }) => requireAdmin(context),
  pendingComponent: () => <PageSpinner label="Checking your access…" />,
  errorComponent: (props) => (props.error instanceof AccessDenied ? <AdminDenied /> : <RouteError {...props} />),
  component: AdminLayout,
});
