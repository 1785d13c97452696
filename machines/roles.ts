/**
 * Role rules of SPEC §6, shared by the SPA and the API server.
 *
 * The role is read from the user's `user_role`, the stored `userRole`, or the user's `role`, lower-cased.
 */
import type { components } from '../openapi/schema';

/**
 * The contract's Role enum, in its order. The contract is the source: `satisfies` refuses a role it does not
 * define, and tests/unit/contract-enums.test.ts fails when one of its roles is missing here.
 */
export const ROLES = ['admin', 'doctor', 'nutritionist', 'customer'] as const satisfies readonly components['schemas']['Role'][];
export type Role = (typeof ROLES)[number];

/** The staff roles that get the reduced navigation. */
export const STAFF_ROLES: readonly Role[] = ['admin', 'doctor', 'nutritionist'];

export interface RoleSource {
  user_role?: string | null | undefined;
  role?: string | null | undefined;
}

/** The person's role, lower-cased, or `null` when none of the sources names one. */
export function roleOf(user: RoleSource | null | undefined, storedUserRole?: string | null): string | null {
  const raw = user?.user_role || storedUserRole || user?.role;
  return raw ? raw.trim().toLowerCase() : null;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isStaff(role: string | null): boolean {
  return role !== null && (STAFF_ROLES as readonly string[]).includes(role);
}

/** Who may see what in the shell (SPEC §6 table). */
export interface Visibility {
  /** Products / Our Science dropdowns, About Us, Publications, Blogs and the drawer's links. */
  publicMenus: boolean;
  cartIcon: boolean;
  /** Orders in the user menu; `false` also when nobody is signed in (no user menu). */
  ordersInUserMenu: boolean;
  /** Login in the drawer (anonymous) instead of Logout. */
  loginLink: boolean;
}

export function visibilityFor(loggedIn: boolean, role: string | null): Visibility {
  if (!loggedIn) return { publicMenus: true, cartIcon: true, ordersInUserMenu: false, loginLink: true };
  const staff = isStaff(role);
  return {
    publicMenus: !staff,
    cartIcon: role !== 'admin',
    ordersInUserMenu: !staff,
    loginLink: false,
  };
}

/** The admin area requires `user_role` or `role` equal to admin. */
export function canViewAdmin(user: RoleSource | null | undefined): boolean {
  return [user?.user_role, user?.role].some((r) => r?.trim().toLowerCase() === 'admin');
}

/** Where logout sends a person of this role. */
export function logoutDestination(role: string | null): '/admin/login' | '/login' {
  return role === 'admin' ? '/admin/login' : '/login';
}
