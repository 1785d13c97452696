import { formatRupees } from '../../machines/pricing';
import { env } from './env';

/** Gut Start's launch price in paise (SPEC §1, §9). */
const LAUNCH_PRICE = 499_900;

/** The shop's fixed navigation and contact details, in one place for the header, drawer and footer. */
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
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/gut360health' },
    { label: 'Instagram', href: 'https://www.instagram.com/gut360health' },
    { label: 'LinkedIn', href: 'https://www.linkedin.com/company/gut360health' },
    { label: 'YouTube', href: 'https://www.youtube.com/@gut360health' },
  ],
} as const;

/** The product page of a catalogue slug; unknown slugs fall back to the full test. */
export function productPath(slug: string): (typeof site.products)[number]['to'] {
  return site.products.find((p) => p.to === `/products/${slug}`)?.to ?? '/products/gut360';
}

/** Blogs is highlighted on the list and on a single post (SPEC §2). */
export function isActiveLink(to: string, pathname: string): boolean {
  const path = pathname.toLowerCase();
  if (to === '/blogs-list') return path === '/blogs-list' || path === '/blog' || path.startsWith('/blogs/');
  return path === to.toLowerCase() || path.startsWith(`${to.toLowerCase()}/`);
}

/** The cart's guard message (SPEC §5), shown exactly as written. */
export const CART_LOGIN_MESSAGE = 'please login to goto the cart page';
