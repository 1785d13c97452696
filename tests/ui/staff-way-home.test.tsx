import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { answers, server, users } from './handlers';
import { renderShop, type ShopView } from './render';

const ADMIN_PAGES = [
  'List of Customers',
  'Generate Kit',
  'Team Members',
  'Orders',
  'Products',
  'Coupons',
  'IBS Customers',
  'Gut Sens Customers',
  'Gut Sens Gut360 Customers',
  'Gut Heal Gut360 Customers',
  'Gut 360 Customers',
  'Offline Onboarding',
  'Publications',
  'Messages',
  'Ebook Leads',
  'Erasure Requests',
  'GST Registers',
  'Questionnaire results',
];
const CARE_TEAM_PAGES = ['Write a blog post', 'Write a recipe', 'Blogs', 'Recipes', 'Questionnaire results'];

/** A staff page of each role, and the heading that says it has opened. */
const STAFF_PAGES = [
  { role: 'admin', path: '/admin/customers-list', heading: 'List of Customers' },
  { role: 'doctor', path: '/blogs/create', heading: 'Write a blog post' },
  { role: 'nutritionist', path: '/recipe/create', heading: 'Write a recipe' },
] as const;

beforeEach(() => {
  server.use(
    answers.catalogueWithoutOffer(),
    http.get('*/api/admin/customers', () => HttpResponse.json({ items: [], total: 0 })),
    http.get('*/api/staff/home', () => HttpResponse.json({ figures: null, queues: null, reports: [] })),
  );
});

async function expectStaffHome(role: keyof typeof users) {
  expect(await screen.findByRole('heading', { level: 1, name: `Welcome, ${users[role].fullname}` })).toBeInTheDocument();
  expect(window.location.pathname).toBe('/admin-home');
}

async function openStaffPage(page: (typeof STAFF_PAGES)[number]): Promise<ShopView> {
  const view = renderShop(page.path, { as: page.role });
  expect(await screen.findByRole('heading', { level: 1, name: page.heading })).toBeInTheDocument();
  return view;
}

describe('the way home from every staff page', () => {
  it.each(STAFF_PAGES)('the logo takes a $role from $path to the staff home', async (page) => {
    const view = await openStaffPage(page);
    const logo = await screen.findByRole('link', { name: 'Gut360 Health, staff home' });
    expect(logo).toHaveAttribute('href', '/admin-home');
    expect(logo).toHaveTextContent(/^Gut360 Health$/);
    await view.user.click(logo);
    await expectStaffHome(page.role);
  });

  it.each(STAFF_PAGES)('the user menu takes a $role from $path to the staff home', async (page) => {
    const view = await openStaffPage(page);
    await view.user.click(await screen.findByRole('button', { name: users[page.role].fullname }));
    const menu = within(screen.getByTestId('user-menu'));
    expect(menu.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Staff home', 'Change Password', 'Logout']);
    await view.user.click(menu.getByRole('link', { name: 'Staff home' }));
    await expectStaffHome(page.role);
    // On the staff home itself the entry says where the person is.
    await view.user.click(await screen.findByRole('button', { name: users[page.role].fullname }));
    expect(within(screen.getByTestId('user-menu')).getByRole('link', { name: 'Staff home' })).toHaveAttribute('aria-current', 'page');
  });

  it('the admin sidebar starts with the staff home', async () => {
    const view = await openStaffPage(STAFF_PAGES[0]);
    const sidebar = within(screen.getByRole('navigation', { name: 'Admin' }));
    const links = sidebar.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Staff home', ...ADMIN_PAGES]);
    expect(links[0]).toHaveAttribute('href', '/admin-home');
    expect(links[0]).not.toHaveAttribute('aria-current');
    await view.user.click(links[0]!);
    await expectStaffHome('admin');
  });

  it.each(STAFF_PAGES.slice(1))('a $role’s sidebar starts with the staff home, then their places', async (page) => {
    const view = await openStaffPage(page);
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    const sidebar = within(screen.getByTestId('staff-sidebar'));
    const links = sidebar.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Staff home', ...CARE_TEAM_PAGES]);
    expect(sidebar.getByRole('link', { name: page.heading })).toHaveAttribute('aria-current', 'page');
    await view.user.click(sidebar.getByRole('link', { name: 'Staff home' }));
    await expectStaffHome(page.role);
    // The staff home lists the places itself: no sidebar beside it.
    expect(screen.queryByTestId('staff-sidebar')).not.toBeInTheDocument();
  });

  it('an admin’s staff pages outside the admin area stand beside the admin sidebar', async () => {
    server.use(http.get('*/api/authoring/items', () => HttpResponse.json({ items: [], total: 0 })));
    renderShop('/recipe/approve', { as: 'admin' });
    const sidebar = within(await screen.findByRole('navigation', { name: 'Admin' }));
    expect(sidebar.getAllByRole('link').map((link) => link.textContent)).toEqual(['Staff home', ...ADMIN_PAGES]);
    expect(await screen.findByRole('link', { name: 'Gut360 Health, staff home' })).toHaveAttribute('href', '/admin-home');
  });

  it('outside the staff area the logo is the shop’s, and a customer never gets the staff home', async () => {
    renderShop('/about-us', { as: 'doctor' });
    expect(await screen.findByRole('link', { name: 'Gut360 Health' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: /staff home/i })).not.toBeInTheDocument();
  });

  it('a customer turned away from the staff home keeps the shop’s logo and menu', async () => {
    const view = renderShop('/admin-home', { as: 'customer' });
    expect(await screen.findByText('This area is for our team. Your account pages are in your menu.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gut360 Health' })).toHaveAttribute('href', '/');
    await view.user.click(screen.getByRole('button', { name: users.customer.fullname }));
    expect(within(screen.getByTestId('user-menu')).queryByRole('link', { name: 'Staff home' })).not.toBeInTheDocument();
  });
});

/**
 * The menu has closed: gone, or marked closed while its exit animation is pending. jsdom never ends a CSS animation,
 * and once a drawer's exit styles are in the document (test files share it) the drawer waits for one.
 */
async function expectDrawerClosed(): Promise<void> {
  await waitFor(() => {
    const drawer = screen.queryByTestId('mobile-drawer');
    if (drawer) expect(drawer).toHaveAttribute('data-state', 'closed');
  });
}

describe('the staff navigation in the menu, as a phone shows it', () => {
  /** Opens the menu and returns its staff navigation. */
  async function openMenu(view: ShopView): Promise<HTMLElement> {
    await view.user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByTestId('mobile-drawer');
    return within(drawer).getByRole('navigation', { name: 'Staff' });
  }

  it('holds an admin’s sidebar, the current page marked, and closes on the way home', async () => {
    const view = await openStaffPage(STAFF_PAGES[0]);
    const staffNav = within(await openMenu(view));
    expect(staffNav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Staff home', ...ADMIN_PAGES]);
    expect(staffNav.getByRole('link', { name: 'List of Customers' })).toHaveAttribute('aria-current', 'page');
    await view.user.click(staffNav.getByRole('link', { name: 'Staff home' }));
    await expectStaffHome('admin');
    await expectDrawerClosed();
  });

  it.each(STAFF_PAGES.slice(1))('holds a $role’s places after the staff home', async (page) => {
    const view = await openStaffPage(page);
    const staffNav = within(await openMenu(view));
    expect(staffNav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Staff home', ...CARE_TEAM_PAGES]);
    expect(staffNav.getByRole('link', { name: page.heading })).toHaveAttribute('aria-current', 'page');
    await view.user.click(staffNav.getByRole('link', { name: 'Staff home' }));
    await expectStaffHome(page.role);
  });

  it('closes on Escape and gives the focus back to the menu button', async () => {
    const view = await openStaffPage(STAFF_PAGES[0]);
    // Found before the menu opens: the open drawer hides the rest of the page from assistive technology.
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await openMenu(view);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await view.user.keyboard('{Escape}');
    await expectDrawerClosed();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(toggle).toHaveFocus());
    expect(window.location.pathname).toBe('/admin/customers-list');
  });

  it('holds no staff navigation for a customer', async () => {
    const view = renderShop('/', { as: 'customer' });
    await screen.findByRole('button', { name: users.customer.fullname });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await view.user.click(toggle);
    const drawer = await screen.findByTestId('mobile-drawer');
    expect(within(drawer).queryByRole('navigation', { name: 'Staff' })).not.toBeInTheDocument();
  });
});
