import { formatRupees } from '../../machines/rupees';
import { env } from './env';

/** Gut Start's launch price in paise (SPEC §1, §9). */
const LAUNCH_PRICE = 499_900;

/** The shop's fixed navigation and contact details, in one place for the header, drawer, footer and terms. */
export const site = {
  brand: 'Gut360 Health',
  company: 'Gut360 Health Private Limited',
  phone: env.contactPhone,
  /** The banner's words for it, as SPEC §2 writes them. */
  launchPriceText: formatRupees(LAUNCH_PRICE, { symbol: 'Rs ' }),
  /** How every other page shows it, as the shop writes amounts. */
  launchPrice: formatRupees(LAUNCH_PRICE),
  products: [
    { label: 'Gut Start', to: '/products/gut360-start' },
    { label: 'Gut 360', to: '/products/gut360' },
    { label: 'Gut SEnS', to: '/products/gutsens' },
    { label: 'Gut Heal', to: '/products/ibs-heal' },
  ],
  science: [
    { label: 'Overview', to: '/science/our-science' },
    { label: 'Modelling and AI', to: '/science/modelling' },
    { label: 'Sleep Energy & Stress', to: '/science/sens' },
    { label: 'Food-Microbiome', to: '/science/food-microbiome' },
  ],
  links: [
    { label: 'About Us', to: '/about-us' },
    { label: 'Publications', to: '/publications' },
    { label: 'Blogs', to: '/blogs-list' },
  ],
  sidebarLinks: [
    { label: 'Contact Us', to: '/contact-us' },
    { label: 'FAQ', to: '/faq' },
    { label: 'Privacy Policy', to: '/privacy-policy' },
    { label: 'Terms and Conditions', to: '/terms-and-conditions' },
  ],
  /** The footer's links, for every width: what the drawer offers phones, and the reading a visitor looks for. */
  footer: [
    {
      title: 'Learn',
      links: [
        { label: 'Recipes', to: '/recipe-list' },
        { label: 'Free ebook', to: '/Microbiomeandhealthebook' },
        { label: 'Blogs', to: '/blogs-list' },
        { label: 'Publications', to: '/publications' },
      ],
    },
    {
      title: 'Help',
      links: [
        { label: 'FAQ', to: '/faq' },
        { label: 'Contact Us', to: '/contact-us' },
        { label: 'About Us', to: '/about-us' },
      ],
    },
    {
      title: 'Legal',
      links: [
        { label: 'Privacy Policy', to: '/privacy-policy' },
        { label: 'Terms and Conditions', to: '/terms-and-conditions' },
      ],
    },
  ],
  /** The consumer grievance officer (Consumer Protection (E-Commerce) Rules, 2020), in the footer and the terms. */
  consumerGrievanceOfficer: __CONSUMER_GRIEVANCE_OFFICER__,
  /** The signed-in person's own pages, in the user menu and the drawer; Logout follows them. */
  account: [
    { label: 'Orders', to: '/user/orders', customersOnly: true },
    { label: 'My kits', to: '/user/dashboard', customersOnly: true },
    { label: 'Privacy and data', to: '/user/privacy', customersOnly: true },
    { label: 'Change Password', to: '/user/change-password', customersOnly: false },
  ],
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/gut360health' },
    { label: 'Instagram', href: 'https://www.instagram.com/gut360health' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/gut360health' },
    { label: 'YouTube', href: 'https://www.youtube.com/@gut360health' },
  ],
} as const;

/** The account pages a person sees: staff have no orders or kits of their own (SPEC §6 hides Orders for them). */
export function accountLinks(showCustomerPages: boolean) {
  return site.account.filter((link) => showCustomerPages || !link.customersOnly);
}

/** The longest first name a narrow header shows whole. */
const SHORT_NAME_MAX = 10;

/**
 * The signed-in name as a narrow header shows it: the first name, or the initials when even that is too long.
 * The full name stays the menu's accessible name and title.
 */
export function shortName(fullname: string): string {
  const words = fullname.trim().split(/\s+/).filter(Boolean);
  const first = words[0] ?? '';
  if (first.length <= SHORT_NAME_MAX) return first;
  const initials = first.charAt(0) + (words.length > 1 ? (words.at(-1) ?? '').charAt(0) : '');
  return initials.toUpperCase();
}

/** Blogs is highlighted on the list and on a single post (SPEC §2). */
export function isActiveLink(to: string, pathname: string): boolean {
  const path = pathname.toLowerCase();
  if (to === '/blogs-list') return path === '/blogs-list' || path === '/blog' || path.startsWith('/blogs/');
  return path === to.toLowerCase() || path.startsWith(`${to.toLowerCase()}/`);
}

/** The not-found page's title: its heading, and the title of the 404 answer before the script runs. */
export const NOT_FOUND_TITLE = 'Page not found';

/** The cart's guard message (SPEC §5), shown exactly as written. */
export const CART_LOGIN_MESSAGE = 'please login to goto the cart page';
