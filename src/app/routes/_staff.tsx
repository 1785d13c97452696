import { createFileRoute } from '@tanstack/react-router';
import { StaffOnly } from '@/features/admin/StaffOnly';
import { RouteError } from '@/components/layout/RouteError';
import { AccessDenied, requireStaff } from '../guards';

/** The staff's pages (admin, doctor, nutritionist): the landing page after staff sign-in and the authoring pages. */
export const Route = createFileRoute('/_staff')({
  beforeLoad: requireStaff,
  errorComponent: (props) => (props.error instanceof AccessDenied ? <StaffOnly /> : <RouteError {...props} />),
});
