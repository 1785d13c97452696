import { Box } from '@chakra-ui/react/box';
import { Link, useRouterState } from '@tanstack/react-router';
import { useActors } from '@/lib/actors-context';
import { STAFF_HOME } from '@/lib/staff-home';
import { accountLinks, isActiveLink, shortName } from '../../lib/site';
import { Dropdown, dropdownItemStyle } from './Dropdown';
import { UserIcon } from './icons';

interface UserMenuProps {
  fullname: string | null | undefined;
  /** Orders and My kits: the customer's own pages, hidden for staff (SPEC §6). */
  showOrders: boolean;
  /** The staff home first: a staff member's way back to the work queues from any page. */
  showStaffHome: boolean;
}

/**
 * The signed-in person's menu: full name (or "User"), Orders, My kits, Change Password, Logout (SPEC §2, §6); for
 * staff, Staff home before them.
 */
export function UserMenu({ fullname, showOrders, showStaffHome }: UserMenuProps) {
  const { auth } = useActors();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const name = fullname?.trim() || 'User';
  return (
    <Dropdown
      align="end"
      testId="user-menu"
      ariaLabel={name}
      label={
        <>
          <UserIcon size={16} />
          <Box as="span" title={name} hideBelow="sm" maxW={{ sm: '36', xl: '48' }} overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
            {name}
          </Box>
          {/* Drawn by CSS, so that the button's text stays the full name wherever it is read. */}
          <Box
            as="span"
            aria-hidden="true"
            title={name}
            hideFrom="sm"
            whiteSpace="nowrap"
            data-short={shortName(name)}
            _before={{ content: 'attr(data-short)' }}
            data-testid="user-menu-short-name"
          />
        </>
      }
      triggerProps={{ variant: 'outline', size: 'sm', px: { base: '2', sm: '3' }, gap: { base: '1', sm: '2' } }}
    >
      {(close) => (
        <Box as="ul" listStyleType="none">
          {[...(showStaffHome ? [STAFF_HOME] : []), ...accountLinks(showOrders)].map((link) => {
            const active = isActiveLink(link.to, pathname);
            return (
              <li key={link.to}>
                <Box asChild {...dropdownItemStyle} fontWeight={active ? 'semibold' : 'normal'} color={active ? 'brand.800' : 'gray.800'}>
                  <Link to={link.to} aria-current={active ? 'page' : undefined} onClick={close}>
                    {link.label}
                  </Link>
                </Box>
              </li>
            );
          })}
          <li>
            <Box asChild {...dropdownItemStyle}>
              <button
                type="button"
                onClick={() => {
                  close();
                  auth.send({ type: 'auth.logout' });
                }}
              >
                Logout
              </button>
            </Box>
          </li>
        </Box>
      )}
    </Dropdown>
  );
}
