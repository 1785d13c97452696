import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Link, useRouterState } from '@tanstack/react-router';
import { STAFF_HOME } from '@/lib/staff-home';
import { staffNav } from '@/lib/staff-nav';

/**
 * A staff member's sidebar, the staff home first: an admin's holds the admin pages, a doctor's or nutritionist's their
 * writing and their customers' questionnaire results. Below the header's breakpoint the header's menu holds it.
 */
export function StaffSidebar({ staffRole }: { staffRole: string | null }) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const admin = staffRole === 'admin';
  return (
    <Box
      as="nav"
      aria-label={admin ? 'Admin' : 'Staff'}
      hideBelow="lg"
      w="64"
      flexShrink={0}
      borderRightWidth="1px"
      borderColor="gray.200"
      py="4"
      px="2"
      data-testid={admin ? 'admin-sidebar' : 'staff-sidebar'}
    >
      <Stack as="ul" listStyleType="none" gap="0.5">
        {staffNav(staffRole).map((item) => {
          const active = pathname === item.to;
          const home = item.to === STAFF_HOME.to;
          return (
            <Box as="li" key={item.to} {...(home ? { pb: '2', mb: '1.5', borderBottomWidth: '1px', borderColor: 'gray.200' } : {})}>
              <Box
                asChild
                display="block"
                px="3"
                py="2"
                rounded="md"
                fontSize="sm"
                fontWeight={active ? 'semibold' : 'normal'}
                bg={active ? 'brand.600' : undefined}
                color={active ? 'white' : 'gray.800'}
                _hover={{ bg: active ? 'brand.700' : 'brand.50' }}
              >
                <Link to={item.to} aria-current={active ? 'page' : undefined}>
                  {item.label}
                </Link>
              </Box>
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}
