import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answers, cartWith, kit, server, sessions, users, type Role } from './handlers';
import { findNotice, renderShop, type ShopView } from './render';

beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

const mainNav = () => screen.queryByRole('navigation', { name: 'Main' });
const cartLink = () => screen.queryByTestId('cart-icon');

async function openDropdown(user: ShopView['user'], name: string | RegExp) {
  await user.click(screen.getByRole('button', { name }));
}

describe('shell for an anonymous visitor', () => {
  it('advertises Gut Start at its launch price in the banner', async () => {
    renderShop('/');
    const banner = await screen.findByRole('link', { name: /launch offer/i });
    expect(banner).toHaveAttribute('href', '/products/gut360-start');
    expect(banner).toHaveTextContent('Rs 4,999');
  });

  it('lists the catalogue kits under Products, in its order (here without Gut Start, off sale)', async () => {
    const { user } = renderShop('/');
    await screen.findByRole('navigation', { name: 'Main' });
    await openDropdown(user, 'Products');
    await waitFor(() =>
      expect(
        within(screen.getByTestId('nav-products'))
          .getAllByRole('link')
          .map((a) => [a.textContent, a.getAttribute('href')]),
      ).toEqual([['Gut 360', '/products/gut360']]),
    );
  });

  it('lists the four kits under Products while the catalogue has not loaded', async () => {
    server.use(answers.catalogueFails());
    const { user } = renderShop('/');
    await screen.findByRole('navigation', { name: 'Main' });
    await openDropdown(user, 'Products');
    const menu = within(screen.getByTestId('nav-products'));
    expect(menu.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Gut Start', '/products/gut360-start'],
      ['Gut 360', '/products/gut360'],
      ['Gut SEnS', '/products/gutsens'],
      ['Gut Heal', '/products/ibs-heal'],
    ]);
  });

  it('lists the overview and the three science pages under Our Science', async () => {
    const { user } = renderShop('/');
    await screen.findByRole('navigation', { name: 'Main' });
    await openDropdown(user, 'Our Science');
    const menu = within(screen.getByTestId('nav-our-science'));
    expect(menu.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Overview', '/science/our-science'],
      ['Modelling and AI', '/science/modelling'],
      ['Sleep Energy & Stress', '/science/sens'],
      ['Food-Microbiome', '/science/food-microbiome'],
    ]);
  });

  it('links About Us, Publications and Blogs, with Login and the cart icon', async () => {
    renderShop('/');
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'About Us' })).toHaveAttribute('href', '/about-us');
    expect(nav.getByRole('link', { name: 'Publications' })).toHaveAttribute('href', '/publications');
    expect(nav.getByRole('link', { name: 'Blogs' })).toHaveAttribute('href', '/blogs-list');
    expect(nav.getByRole('link', { name: 'Blogs' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(cartLink()).toHaveAttribute('href', '/cart');
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('user-menu')).not.toBeInTheDocument();
  });

  it.each(['/blogs-list', '/blog'])('highlights Blogs on %s', async (path) => {
    renderShop(path);
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Blogs' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'About Us' })).not.toHaveAttribute('aria-current');
  });

  it('has the social links and a copyright line in the footer', async () => {
    renderShop('/');
    const footer = within(await screen.findByRole('contentinfo'));
    for (const name of ['Facebook', 'Instagram', 'LinkedIn', 'YouTube']) {
      expect(footer.getByRole('link', { name })).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
    }
    expect(footer.getByText(/^©/)).toHaveTextContent(/© \d{4} .+/);
  });
});

describe('shell by role (SPEC §6)', () => {
  const table: { role: Role; menus: boolean; cart: boolean; orders: boolean }[] = [
    { role: 'admin', menus: false, cart: false, orders: false },
    { role: 'doctor', menus: false, cart: true, orders: false },
    { role: 'nutritionist', menus: false, cart: true, orders: false },
    { role: 'customer', menus: true, cart: true, orders: true },
  ];

  it.each(table)('$role: menus $menus, cart icon $cart, Orders $orders', async ({ role, menus, cart, orders }) => {
    const { user } = renderShop('/', { as: role });
    const menuButton = await screen.findByRole('button', { name: users[role].fullname });
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(mainNav() !== null).toBe(menus);
    expect(screen.queryByRole('button', { name: 'Products' }) !== null).toBe(menus);
    expect(screen.queryByRole('button', { name: 'Our Science' }) !== null).toBe(menus);
    expect(cartLink() !== null).toBe(cart);

    await user.click(menuButton);
    const menu = within(screen.getByTestId('user-menu'));
    expect(menu.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      orders ? ['Orders', 'My kits', 'Privacy and data', 'Change Password', 'Logout'] : ['Staff home', 'Change Password', 'Logout'],
    );
    expect(menu.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/user/change-password');
    expect(menu.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    if (orders) {
      expect(menu.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/user/orders');
      expect(menu.getByRole('link', { name: 'My kits' })).toHaveAttribute('href', '/user/dashboard');
    }
  });

  it('shows a long name as the first name or initials where the header is narrow, the full name as its name', async () => {
    sessions.set('session-long', { ...users.customer, _id: 'u-long', fullname: 'Priyadarshini Venkataraman' });
    renderShop('/', { token: 'session-long', userRole: 'customer' });
    const trigger = await screen.findByRole('button', { name: 'Priyadarshini Venkataraman' });
    expect(trigger).toHaveTextContent(/^Priyadarshini Venkataraman$/);
    expect(within(trigger).getByTestId('user-menu-short-name')).toHaveAttribute('data-short', 'PV');
    expect(within(trigger).getByTestId('user-menu-short-name')).toHaveAttribute('title', 'Priyadarshini Venkataraman');
  });

  it('shows "User" when the full name is empty', async () => {
    sessions.set('session-nameless', { ...users.customer, _id: 'u-nameless', fullname: '' });
    renderShop('/', { token: 'session-nameless', userRole: 'customer' });
    expect(await screen.findByRole('button', { name: 'User' })).toBeInTheDocument();
  });

  it('counts the kits of the cart on the badge', async () => {
    renderShop('/', { as: 'customer' });
    const badge = await screen.findByTestId('cart-badge');
    expect(badge).toHaveTextContent(/^2$/);
    expect(cartLink()).toHaveAccessibleName('Cart, 2 items');
  });

  it('takes the badge from the cart response, whatever its size', async () => {
    server.use(answers.cart(cartWith([kit(1), kit(2), kit(3)])));
    renderShop('/', { as: 'doctor' });
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent(/^3$/);
  });

  it('treats a failed verification as logged out, without an error', async () => {
    server.use(answers.verificationFails());
    renderShop('/', { as: 'customer' });
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByTestId('user-menu')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('notice')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('logout from the user menu', () => {
  async function logOut(role: Role) {
    const view = renderShop('/', { as: role });
    await view.user.click(await screen.findByRole('button', { name: users[role].fullname }));
    await view.user.click(within(screen.getByTestId('user-menu')).getByRole('button', { name: 'Logout' }));
    return view;
  }

  it('signs a customer out and sends them to /login', async () => {
    await logOut('customer');
    expect(await findNotice('Logout successful.')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('userRole')).toBeNull();
    expect(sessions.has('session-customer')).toBe(false);
  });

  it('sends an admin to /admin/login', async () => {
    await logOut('admin');
    expect(await findNotice('Logout successful.')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/admin/login'));
    expect(await screen.findByRole('heading', { name: 'Staff sign-in' })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it("shows the server's message when the logout fails, and stays signed in", async () => {
    server.use(answers.logoutFails({ message: 'Server said no' }));
    await logOut('customer');
    expect(await findNotice('Server said no')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: users.customer.fullname })).toBeInTheDocument();
    expect(localStorage.getItem('authToken')).toBe('session-customer');
  });

  // Product bug: the API client gives every failed call a message of its own ("The request failed (500). Please try
  // again.", src/lib/api-client.ts), and the auth machine takes any message on an answered call for the server's, so
  // this fallback is never reached. Drop `.fails` once that is fixed.
  it("falls back to 'Logout failed. Try again.' when the server gives no message", async () => {
    server.use(answers.logoutFails(null));
    await logOut('customer');
    expect(await findNotice('Logout failed. Try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: users.customer.fullname })).toBeInTheDocument();
  });
});
