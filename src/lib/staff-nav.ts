import { isStaff } from '../../machines/roles';
import { STAFF_HOME } from './staff-home';

export interface StaffNavItem {
  readonly label: string;
  readonly to: string;
}

/** The admin sidebar in the order of SPEC §2, then the pages added since. */
export const ADMIN_NAV = [
  { label: 'List of Customers', to: '/admin/customers-list' },
  { label: 'Generate Kit', to: '/admin/generate-kit' },
  { label: 'Team Members', to: '/admin/team-members' },
  { label: 'Orders', to: '/admin/orders' },
  { label: 'Products', to: '/admin/products' },
  { label: 'Coupons', to: '/admin/coupons' },
  { label: 'IBS Customers', to: '/admin/ibs-customers' },
  { label: 'Gut Sens Customers', to: '/admin/gut-sens-customers' },
  { label: 'Gut Sens Gut360 Customers', to: '/admin/gut-sens-gut360-customers' },
  { label: 'Gut Heal Gut360 Customers', to: '/admin/gut-heal-gut360-customers' },
  { label: 'Gut 360 Customers', to: '/admin/gut-360-customers' },
  { label: 'Offline Onboarding', to: '/admin/offline-onboard' },
  { label: 'Publications', to: '/admin/publications' },
  { label: 'Messages', to: '/admin/contact-messages' },
  { label: 'Ebook Leads', to: '/admin/ebook-leads' },
  { label: 'Erasure Requests', to: '/admin/erasure-requests' },
  { label: 'GST Registers', to: '/admin/gst-registers' },
  { label: 'Questionnaire results', to: '/care/questionnaires' },
] as const satisfies readonly StaffNavItem[];

/** What doctors and nutritionists do: write, and read their customers' questionnaire results as their care team. */
export const CARE_TEAM_NAV = [
  { label: 'Write a blog post', to: '/blogs/create' },
  { label: 'Write a recipe', to: '/recipe/create' },
  { label: 'Blogs', to: '/blogs-list' },
  { label: 'Recipes', to: '/recipe-list' },
  { label: 'Questionnaire results', to: '/care/questionnaires' },
] as const satisfies readonly StaffNavItem[];

/** A staff member's places, as the staff home lists them: an admin's sidebar, or the care team's pages. */
export function staffPlaces(role: string | null): readonly StaffNavItem[] {
  return role === 'admin' ? ADMIN_NAV : CARE_TEAM_NAV;
}

/** A staff member's navigation, the staff home first: the sidebar's links, and the menu's on a phone; none for others. */
export function staffNav(role: string | null): readonly StaffNavItem[] {
  return isStaff(role) ? [STAFF_HOME, ...staffPlaces(role)] : [];
}
