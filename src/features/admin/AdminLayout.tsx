import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { StaffSidebar } from './AdminSidebar';

/** SPEC §2, §4: what everyone but an admin sees in the admin area. */
export const ADMIN_DENIED_MESSAGE = "You don't have access to view dashboard.";

export function AdminDenied() {
  return (
    <Box textAlign="center" py="20" px="4" role="alert" data-testid="admin-denied">
      <Text fontSize="xl" fontWeight="semibold">
        {ADMIN_DENIED_MESSAGE}
      </Text>
    </Box>
  );
}

/**
 * A staff member's sidebar beside `children`: the frame of the staff area's pages. Below the header's breakpoint the
 * sidebar folds into the header's menu and the page takes the whole width.
 */
export function StaffFrame({ staffRole, children }: { staffRole: string | null; children: ReactNode }) {
  return (
    <Flex maxW="7xl" mx="auto" minH="60vh">
      <StaffSidebar staffRole={staffRole} />
      <Box flex="1" minW="0">
        {children}
      </Box>
    </Flex>
  );
}

/** The admin area for an admin (its route lets nobody else in): the sidebar beside the page. */
export function AdminLayout() {
  return (
    <StaffFrame staffRole="admin">
      <Outlet />
    </StaffFrame>
  );
}
