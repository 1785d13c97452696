import { Box } from '@chakra-ui/react/box';
import { Link, useRouterState } from '@tanstack/react-router';
import { isActiveLink } from '../../lib/site';
import { Dropdown, dropdownItemStyle } from './Dropdown';

interface NavMenuProps {
  label: string;
  items: readonly { label: string; to: string }[];
}

/** A header dropdown (Products, Our Science). */
export function NavMenu({ label, items }: NavMenuProps) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const active = items.some((item) => isActiveLink(item.to, pathname));
  return (
    <Dropdown
      label={label}
      testId={`nav-${label.toLowerCase().replace(/\s+/g, '-')}`}
      triggerProps={{
        fontWeight: 'medium',
        fontSize: 'md',
        color: active ? 'brand.700' : 'gray.800',
        bg: active ? 'brand.50' : undefined,
        _hover: { color: 'brand.700', bg: 'brand.50' },
      }}
    >
      {(close) => (
        <Box as="ul" listStyleType="none">
          {items.map((item) => (
            <li key={item.to}>
              <Box asChild {...dropdownItemStyle} fontWeight={isActiveLink(item.to, pathname) ? 'semibold' : 'normal'}>
                <Link to={item.to} onClick={close}>
                  {item.label}
                </Link>
              </Box>
            </li>
          ))}
        </Box>
      )}
    </Dropdown>
  );
}
