import { Box, type BoxProps } from '@chakra-ui/react/box';
import { Link, useRouterState } from '@tanstack/react-router';
import { isActiveLink } from '../../lib/site';

interface NavLinkProps extends Omit<BoxProps, 'asChild'> {
  to: string;
  label: string;
  onNavigate?: () => void;
}

/** A header or drawer link, highlighted when its section is the current page. */
export function NavLink({ to, label, onNavigate, ...props }: NavLinkProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = isActiveLink(to, pathname);
  return (
    <Box
      asChild
      px="3"
      py="2"
      rounded="md"
      fontWeight="medium"
      color={active ? 'brand.700' : 'gray.800'}
      bg={active ? 'brand.50' : undefined}
      borderBottomWidth="2px"
      borderColor={active ? 'brand.600' : 'transparent'}
      _hover={{ color: 'brand.700', bg: 'brand.50' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px' }}
      {...props}
    >
      <Link to={to} aria-current={active ? 'page' : undefined} onClick={onNavigate}>
        {label}
      </Link>
    </Box>
  );
}
