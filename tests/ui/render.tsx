import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { App } from '@/app/App';
import { createShop, type ShopOptions } from '@/app/router';
import { tokens, type Role } from './handlers';

export interface RenderShopOptions {
  /** Signs in as this role: its session token (and role) are put where a previous visit would have left them. */
  as?: Role;
  /** A stored token of your own, for sessions a test registers itself. */
  token?: string;
  userRole?: string;
  /** The query client, or its promise: a shop whose TanStack Query code arrives late, or never. */
  queryClient?: ShopOptions['queryClient'];
}

/** The whole shop at `path`, as after a full page load. */
export function renderShop(path: string, { as, token, userRole, queryClient }: RenderShopOptions = {}) {
  const storedToken = token ?? (as ? tokens[as] : undefined);
  if (storedToken) localStorage.setItem('authToken', storedToken);
  const storedRole = userRole ?? as;
  if (storedRole) localStorage.setItem('userRole', storedRole);
  window.history.pushState({}, '', path);
  const shop = createShop({ queryClient });
  const user = userEvent.setup();
  const view = render(<App shop={shop} />);
  return { shop, user, ...view };
}

export type ShopView = ReturnType<typeof renderShop>;

/** The notice (toast) on screen, checked to say exactly `text`; a notice's text never changes once it is up. */
export async function findNotice(text: string) {
  const notice = await screen.findByTestId('notice', {}, { timeout: 5000 });
  expect(notice).toHaveTextContent(new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  return notice;
}
