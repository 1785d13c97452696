import { createFileRoute, Outlet } from '@tanstack/react-router';
import { queryClientLoaded } from '../../guards';

export const Route = createFileRoute('/_signedIn/user')({
  loader: queryClientLoaded,
  component: Outlet,
});
