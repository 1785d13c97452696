import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Outlet } from '@tanstack/react-router';
import { canViewAdmin } from '../../../machines/roles';
import { useAuthState } from '@/lib/actors-context';
import { PageSpinner } from '@/components/layout/PageStatus';
import { AdminSidebar } from './AdminSidebar';

/** SPEC §2, §4: a spinner while auth loads; the area for admins; the exact message for everyone else. */
export const ADMIN_DENIED_MESSAGE = "You don't have access to view dashboard.";

export function AdminLayout() {
  const { loading, login, user } = useAuthState();
  if (loading) return <PageSpinner label="Checking your access…" />;
  if (!login || !canViewAdmin(user)) {
    return (
      <Box textAlign="center" py="20" px="4" role="alert" data-testid="admin-denied">
        <Text fontSize="xl" fontWeight="semibold">
          {ADMIN_DENIED_MESSAGE}
        </Text>
      </Box>
    );
  }
  return (
    <Flex direction={{ base: 'column', md: 'row' }} maxW="7xl" mx="auto" minH="60vh">
      <AdminSidebar />
      <Box flex="1" minW="0">
        <Outlet />
      </Box>
    </Flex>
  );
}
