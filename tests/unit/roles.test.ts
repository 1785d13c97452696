import { describe, expect, it } from 'vitest';
import {
  canViewAdmin,
  isRole,
  isStaff,
  logoutDestination,
  roleOf,
  ROLES,
  STAFF_ROLES,
  visibilityFor,
  type Visibility,
} from '../../machines/roles';

describe('roleOf: user_role, then the stored userRole, then role, lower-cased (SPEC §6)', () => {
  it.each([
    ['user_role', { user_role: 'doctor', role: 'customer' }, 'customer', 'doctor'],
    ['the stored userRole when user_role is missing', { role: 'customer' }, 'nutritionist', 'nutritionist'],
    ['the stored userRole when user_role is empty', { user_role: '', role: 'customer' }, 'admin', 'admin'],
    ['role when nothing else names one', { role: 'Nutritionist' }, null, 'nutritionist'],
    ['role when user_role is null', { user_role: null, role: 'doctor' }, undefined, 'doctor'],
    ['an upper-case user_role', { user_role: 'ADMIN' }, undefined, 'admin'],
    ['an upper-case stored userRole', null, 'DOCTOR', 'doctor'],
    ['a padded role', { role: '  Admin ' }, undefined, 'admin'],
  ])('takes %s', (_, user, stored, expected) => {
    expect(roleOf(user, stored)).toBe(expected);
  });

  it.each([
    ['no user and nothing stored', null, undefined],
    ['an empty user', {}, null],
    ['empty strings everywhere', { user_role: '', role: '' }, ''],
  ])('is null for %s', (_, user, stored) => {
    expect(roleOf(user, stored)).toBeNull();
  });
});

describe('visibilityFor: the SPEC §6 table', () => {
  const hiddenMenus = { publicMenus: false, loginLink: false };
  const rows: Array<[string, boolean, string | null, Visibility]> = [
    ['admin', true, 'admin', { ...hiddenMenus, cartIcon: false, ordersInUserMenu: false }],
    ['doctor', true, 'doctor', { ...hiddenMenus, cartIcon: true, ordersInUserMenu: false }],
    ['nutritionist', true, 'nutritionist', { ...hiddenMenus, cartIcon: true, ordersInUserMenu: false }],
    [
      'customer (other logged-in user)',
      true,
      'customer',
      { publicMenus: true, cartIcon: true, ordersInUserMenu: true, loginLink: false },
    ],
    [
      'logged-in user with an unknown role',
      true,
      'partner',
      { publicMenus: true, cartIcon: true, ordersInUserMenu: true, loginLink: false },
    ],
    [
      'logged-in user with no role',
      true,
      null,
      { publicMenus: true, cartIcon: true, ordersInUserMenu: true, loginLink: false },
    ],
    ['anonymous', false, null, { publicMenus: true, cartIcon: true, ordersInUserMenu: false, loginLink: true }],
  ];

  it.each(rows)('%s', (_, loggedIn, role, expected) => {
    expect(visibilityFor(loggedIn, role)).toEqual(expected);
  });

  it('anonymous sees the public shell whatever role is left in storage', () => {
    expect(visibilityFor(false, 'admin')).toEqual(visibilityFor(false, null));
  });

  it.each([
    [{ user_role: 'ADMIN' }, undefined, { cartIcon: false, publicMenus: false }],
    [{ role: 'Doctor' }, undefined, { cartIcon: true, publicMenus: false }],
    [{}, 'NUTRITIONIST', { cartIcon: true, publicMenus: false }],
  ])('applies to roles read case-insensitively (%j, stored %s)', (user, stored, expected) => {
    expect(visibilityFor(true, roleOf(user, stored))).toMatchObject(expected);
  });
});

describe('canViewAdmin: user_role or role equal to admin (SPEC §6)', () => {
  it.each([
    [{ user_role: 'admin' }, true],
    [{ role: 'admin' }, true],
    [{ user_role: 'ADMIN' }, true],
    [{ user_role: 'customer', role: 'Admin' }, true],
    [{ user_role: 'doctor', role: 'doctor' }, false],
    [{ user_role: 'nutritionist' }, false],
    [{ user_role: 'customer', role: 'customer' }, false],
    [{}, false],
    [null, false],
    [undefined, false],
  ])('%j → %s', (user, expected) => {
    expect(canViewAdmin(user)).toBe(expected);
  });
});

describe('staff and role helpers', () => {
  it('knows the four roles and which are staff', () => {
    expect([...ROLES]).toEqual(['admin', 'doctor', 'nutritionist', 'customer']);
    expect([...STAFF_ROLES]).toEqual(['admin', 'doctor', 'nutritionist']);
  });

  it.each([
    ['admin', true],
    ['doctor', true],
    ['nutritionist', true],
    ['customer', false],
    ['ADMIN', false],
    [null, false],
  ])('isStaff(%s) is %s', (role, expected) => {
    expect(isStaff(role)).toBe(expected);
  });

  it.each([
    ['customer', true],
    ['admin', true],
    ['Admin', false],
    ['', false],
    [undefined, false],
    [7, false],
  ])('isRole(%j) is %s', (value, expected) => {
    expect(isRole(value)).toBe(expected);
  });
});

describe('logoutDestination (SPEC §4 Logout)', () => {
  it.each([
    ['admin', '/admin/login'],
    ['doctor', '/login'],
    ['nutritionist', '/login'],
    ['customer', '/login'],
    [null, '/login'],
  ])('%s → %s', (role, destination) => {
    expect(logoutDestination(role)).toBe(destination);
  });
});
