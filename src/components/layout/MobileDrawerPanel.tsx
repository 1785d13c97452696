import { Box } from '@chakra-ui/react/box';
import { Button, CloseButton } from '@chakra-ui/react/button';
import { Drawer } from '@chakra-ui/react/drawer';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import { Link } from '@tanstack/react-router';
import { useActors, useAuthState } from '@/lib/actors-context';
import { useProductMenu } from '@/lib/catalogue';
import { staffNav } from '@/lib/staff-nav';
import { rememberPageForSignIn } from '../../lib/storage';
import { accountLinks, site } from '../../lib/site';
import { DRAWER_WIDTH_PX } from '../../theme/system';
import { NavLink } from './NavLink';
import { PhoneIcon } from './PhoneIcon';

export interface MobileDrawerPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  showPublicLinks: boolean;
  loggedIn: boolean;
  /** Orders and My kits among the account links: hidden for staff (SPEC §6). */
  showOrders: boolean;
}

/**
 * The drawer itself, loaded on first use: a staff member's navigation (the staff home and their sidebar's pages), the
 * person's own pages when signed in, the same links as the header, the phone number, and Login or Logout.
 */
export default function MobileDrawerPanel({ open, onOpenChange, showPublicLinks, loggedIn, showOrders }: MobileDrawerPanelProps) {
  const { auth } = useActors();
  const { role } = useAuthState();
  const staffLinks = loggedIn ? staffNav(role) : [];
  const close = () => onOpenChange(false);
  const products = useProductMenu(site.products);
  const groups = showPublicLinks
    ? [
        { title: 'Products', items: products },
        { title: 'Our Science', items: site.science },
        { title: null, items: [...site.links, ...site.sidebarLinks] },
      ]
    : [];
  return (
    <Drawer.Root recipe={drawerSlotRecipe} open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content width={`${DRAWER_WIDTH_PX}px`} maxW={`${DRAWER_WIDTH_PX}px`} data-testid="mobile-drawer">
            <Drawer.Header px="4" py="3">
              <Drawer.Title fontSize="md">{site.brand}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body px="2" py="0">
              {staffLinks.length > 0 ? (
                <Stack as="nav" aria-labelledby="drawer-staff-title" gap="0.5" pb="2" borderBottomWidth="1px" borderColor="gray.200" mb="2" data-testid="drawer-staff-nav">
                  <Text id="drawer-staff-title" px="3" pt="2" fontSize="xs" fontWeight="semibold" color="gray.600" textTransform="uppercase">
                    Staff
                  </Text>
                  {staffLinks.map((item) => (
                    <NavLink key={item.to} to={item.to} label={item.label} onNavigate={close} fontSize="sm" />
                  ))}
                </Stack>
              ) : null}
              {loggedIn ? (
                <Stack as="nav" aria-labelledby="drawer-account-title" gap="0.5" pb="2" borderBottomWidth="1px" borderColor="gray.200" mb="2">
                  <Text id="drawer-account-title" px="3" pt="2" fontSize="xs" fontWeight="semibold" color="gray.600" textTransform="uppercase">
                    Your account
                  </Text>
                  {accountLinks(showOrders).map((item) => (
                    <NavLink key={item.to} to={item.to} label={item.label} onNavigate={close} fontSize="sm" />
                  ))}
                </Stack>
              ) : null}
              <Stack as="nav" aria-label="Mobile" gap="0.5">
                {groups.map((group, index) => (
                  <Stack key={group.title ?? index} gap="0.5" pb="2">
                    {group.title ? (
                      <Text px="3" pt="2" fontSize="xs" fontWeight="semibold" color="gray.600" textTransform="uppercase">
                        {group.title}
                      </Text>
                    ) : null}
                    {group.items.map((item) => (
                      <NavLink key={item.to} to={item.to} label={item.label} onNavigate={close} fontSize="sm" />
                    ))}
                  </Stack>
                ))}
              </Stack>
              <Box asChild display="flex" alignItems="center" gap="2" px="3" py="3" fontSize="sm" color="brand.700">
                <a href={`tel:${site.phone.replace(/\s+/g, '')}`}>
                  <PhoneIcon size={16} />
                  {site.phone}
                </a>
              </Box>
            </Drawer.Body>
            <Drawer.Footer px="4" py="3">
              {loggedIn ? (
                <Button
                  width="full"
                  variant="outline"
                  onClick={() => {
                    close();
                    auth.send({ type: 'auth.logout' });
                  }}
                >
                  Logout
                </Button>
              ) : (
                <Button width="full" colorPalette="brand" asChild>
                  <Link
                    to="/login"
                    onClick={() => {
                      rememberPageForSignIn();
                      close();
                    }}
                  >
                    Login
                  </Link>
                </Button>
              )}
            </Drawer.Footer>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
