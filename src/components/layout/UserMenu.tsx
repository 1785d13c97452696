import { Box } from '@chakra-ui/react/box';
import { Link } from '@tanstack/react-router';
import { useActors } from '@/lib/actors-context';
import { Dropdown, dropdownItemStyle } from './Dropdown';
import { UserIcon } from './icons';

interface UserMenuProps {
  fullname: string | null | undefined;
  showOrders: boolean;
}

/** The signed-in person's menu: full name (or "User"), Orders, Change Password, Logout (SPEC §2, §6). */
export function UserMenu({ fullname, showOrders }: UserMenuProps) {
  const { auth } = useActors();
  const name = fullname?.trim() || 'User';
  return (
    <Dropdown
      align="end"
      testId="user-menu"
      label={
        <>
          <UserIcon size={16} />
          <Box as="span" title={name} maxW={{ base: '12', sm: '36' }} overflow="hidden" textOverflow="ellipsis" whiteSpace="nowrap">
            {name}
          </Box>
        </>
      }
      triggerProps={{ variant: 'outline', size: 'sm', px: { base: '2', sm: '3' }, gap: { base: '1', sm: '2' } }}
    >
      {(close) => (
        <Box as="ul" listStyleType="none">
          {showOrders ? (
            <li>
              <Box asChild {...dropdownItemStyle}>
                <Link to="/user/orders" onClick={close}>
                  Orders
                </Link>
              </Box>
            </li>
          ) : null}
          <li>
            <Box asChild {...dropdownItemStyle}>
              <Link to="/user/change-password" onClick={close}>
                Change Password
              </Link>
            </Box>
          </li>
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
