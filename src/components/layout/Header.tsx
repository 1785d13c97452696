import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { HStack } from '@chakra-ui/react/stack';
import { Link, useRouterState } from '@tanstack/react-router';
import { isStaff, visibilityFor } from '../../../machines/roles';
import { useAuthState, useTotalCart } from '@/lib/actors-context';
import { useProductMenu } from '@/lib/catalogue';
import { STAFF_AREA_ROUTES, STAFF_HOME } from '@/lib/staff-home';
import { rememberPageForSignIn } from '@/lib/storage';
import { site } from '../../lib/site';
import { HEADER_HEIGHT_PX } from '../../theme/system';
import { CartButton } from './CartButton';
import { MobileDrawer } from './MobileDrawer';
import { NavLink } from './NavLink';
import { NavMenu } from './NavMenu';
import { PromoBanner } from './PromoBanner';
import { UserMenu } from './UserMenu';

/** The shop's header: banner, menus by role (SPEC §6), cart icon and user menu. */
export function Header() {
  const { login, user, role } = useAuthState();
  const totalCart = useTotalCart();
  const visible = visibilityFor(login, role);
  const products = useProductMenu(site.products);
  const staff = isStaff(role);
  const inStaffArea = useRouterState({ select: (s) => s.matches.some((match) => STAFF_AREA_ROUTES.includes(match.routeId)) });
  // Inside the staff area the logo leads a staff member home: to the work queues, not the shop's front page.
  const logoHome = staff && inStaffArea;
  return (
    <Box as="header" bg="white" borderBottomWidth="1px" borderColor="gray.200" position="sticky" top="0" zIndex="sticky">
      {staff ? null : <PromoBanner />}
      <Flex
        h={`${HEADER_HEIGHT_PX}px`}
        maxW="7xl"
        mx="auto"
        px={{ base: '2', sm: '3', md: '6' }}
        align="center"
        gap={{ base: '2', sm: '3' }}
        data-testid="site-header"
      >
        <Box hideFrom="lg">
          <MobileDrawer showPublicLinks={visible.publicMenus} loggedIn={login} showOrders={visible.ordersInUserMenu} />
        </Box>
        <Box asChild fontWeight="bold" fontSize={{ base: 'clamp(0.875rem, 4.4vw, 1rem)', sm: 'lg', md: 'xl' }} color="brand.800" whiteSpace="nowrap">
          <Link
            to={logoHome ? STAFF_HOME.to : '/'}
            aria-label={logoHome ? `${site.brand}, ${STAFF_HOME.label.toLowerCase()}` : undefined}
            title={logoHome ? STAFF_HOME.label : undefined}
            data-testid="logo"
          >
            {site.brand}
          </Link>
        </Box>
        {visible.publicMenus ? (
          <HStack as="nav" aria-label="Main" gap="1" ml="6" hideBelow="lg" data-testid="public-menus">
            <NavMenu label="Products" items={products} />
            <NavMenu label="Our Science" items={site.science} />
            {site.links.map((link) => (
              <NavLink key={link.to} to={link.to} label={link.label} />
            ))}
          </HStack>
        ) : null}
        <HStack ml="auto" gap="2">
          {visible.cartIcon ? <CartButton count={login ? totalCart : 0} /> : null}
          {login ? (
            <UserMenu fullname={user?.fullname} showOrders={visible.ordersInUserMenu} showStaffHome={staff} />
          ) : (
            <Button asChild colorPalette="brand" size="sm" hideBelow="lg">
              <Link to="/login" onClick={rememberPageForSignIn}>
                Login
              </Link>
            </Button>
          )}
        </HStack>
      </Flex>
    </Box>
  );
}
