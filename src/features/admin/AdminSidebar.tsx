import { Box } from '@chakra-ui/react/box';
import { Stack } from '@chakra-ui/react/stack';
import { Link, useRouterState } from '@tanstack/react-router';

/** The admin sidebar in the order of SPEC §2, then the pages added since. */
export const ADMIN_NAV = [
  { label: 'List of Customers', to: '/admin/customers-list' },
  { label: 'Generate Kit', to: '/admin/generate-kit' },
  { label: 'Team Members', to: '/admin/team-members' },
  { label: 'Orders', to: '/admin/orders' },
  { label: 'Products', to: '/admin/products' },
  { label: 'Coupons', to: '/admin/coupons' },
  { label: 'IBS Customers', to: '/admin/ibs-customers' },
  { label: 'Gut Sens Customers', to: '/admin/gut-sens-customers' },
  { label: 'Gut Sens Gut360 Customers', to: '/admin/gut-sens-gut360-customers' },
  { label: 'Gut Heal Gut360 Customers', to: '/admin/gut-heal-gut360-customers' },
  { label: 'Gut 360 Customers', to: '/admin/gut-360-customers' },
  { label: 'Offline Onboarding', to: '/admin/offline-onboard' },
  { label: 'Publications', to: '/admin/publications' },
  { label: 'Messages', to: '/admin/contact-messages' },
  { label: 'Ebook Leads', to: '/admin/ebook-leads' },
  { label: 'Erasure Requests', to: '/admin/erasure-requests' },
  { label: 'Questionnaire results', to: '/care/questionnaires' },
] as const;

export function AdminSidebar() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return (
    <Box
      as="nav"
      aria-label="Admin"
      w={{ base: 'full', md: '64' }}
      flexShrink={0}
      borderRightWidth={{ md: '1px' }}
      borderBottomWidth={{ base: '1px', md: '0' }}
      borderColor="gray.200"
      py="4"
      px="2"
      data-testid="admin-sidebar"
    >
      <Stack as="ul" listStyleType="none" gap="0.5">
        {ADMIN_NAV.map((item) => {
          const active = pathname === item.to;
          return (
            <li key={item.to}>
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
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}
