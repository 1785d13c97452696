import { Box } from '@chakra-ui/react/box';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** A link inside running text: underlined in the brand's dark green, with a visible focus ring. */
export function TextLink({ to, children }: { to: NonNullable<LinkProps['to']>; children: ReactNode }) {
  return (
    <Box
      asChild
      color="brand.700"
      textDecoration="underline"
      textUnderlineOffset="2px"
      _hover={{ color: 'brand.900' }}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px', rounded: 'sm' }}
    >
      <Link to={to}>
        {children}
      </Link>
    </Box>
  );
}
