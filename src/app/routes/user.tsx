import { createFileRoute, Outlet } from '@tanstack/react-router';
import { queryClientLoaded, requireSignedIn } from '../guards';

export const Route = createFileRoute('/user')({
  beforeLoad: ({ context, location }) =>
    requireSignedIn(context, location, { message: 'Please sign in to see your account.' }),
  loader: queryClientLoaded,
  component: Outlet,
});
