import { Link as RouterLink } from '@tanstack/react-router';
import type { ComponentProps, ReactNode } from 'react';
import { fixedPathOf } from '../post-paths';

type AnchorProps = Omit<ComponentProps<'a'>, 'href' | 'children'>;

/** A link to a post at its one address (src/features/blog/post-paths.ts); styled by a Chakra `Link asChild` around it. */
export function PostLink({ slug, children, ...anchor }: AnchorProps & { slug: string; children: ReactNode }) {
  const fixedPath = fixedPathOf(slug);
  return fixedPath ? (
    <RouterLink to={fixedPath} {...anchor}>
      {children}
    </RouterLink>
  ) : (
    <RouterLink to="/blog" search={{ slug }} {...anchor}>
      {children}
    </RouterLink>
  );
}
