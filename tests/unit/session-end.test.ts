import { describe, expect, it } from 'vitest';
import { sessionEndReasonOf } from '../../machines/session-end';
import { shortName } from '../../src/lib/site';
import { signInAfterSessionEnd } from '../../src/lib/session-end';

describe('why a session ended', () => {
  it.each([
    ['SESSION_EXPIRED', 'expired'],
    ['SESSION_REVOKED', 'revoked'],
    ['SESSION_UNKNOWN', 'ended'],
    ['ACCOUNT_DISABLED', 'disabled'],
  ] as const)('a 401 with %s is explained as %s', (code, reason) => {
    expect(sessionEndReasonOf(code)).toBe(reason);
  });

  it.each([['NO_SESSION'], ['UNAUTHORIZED'], ['constructor'], [''], [undefined]])('a 401 with %s explains nothing', (code) => {
    expect(sessionEndReasonOf(code)).toBeNull();
  });

  it('opens the sign-in page with the reason, or plainly without one', () => {
    expect(signInAfterSessionEnd('/login', 'expired')).toBe('/login?session=expired');
    expect(signInAfterSessionEnd('/admin/login', 'revoked')).toBe('/admin/login?session=revoked');
    expect(signInAfterSessionEnd('/login', 'disabled')).toBe('/login?session=disabled');
    expect(signInAfterSessionEnd('/login', null)).toBe('/login');
  });
});

describe('the signed-in name in a narrow header', () => {
  it.each([
    ['Chetan Customer', 'Chetan'],
    ['  Asha  ', 'Asha'],
    ['Nisha Nutritionist', 'Nisha'],
    ['Priyadarshini Venkataraman', 'PV'],
    ['Priyadarshini', 'P'],
    ['Venkatalakshmi R S Iyer', 'VI'],
    ['User', 'User'],
  ])('shows %s as %s', (fullname, shown) => {
    expect(shortName(fullname)).toBe(shown);
  });
});
