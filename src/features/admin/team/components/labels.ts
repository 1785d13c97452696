/** The words staff read for a team member's role and status, and the list's orders. */
import type { TeamMemberSort, TeamMemberStatus, TeamRole } from '../params';

export const ROLE_LABEL: Record<TeamRole, string> = {
  admin: 'Admin',
  doctor: 'Doctor',
  nutritionist: 'Nutritionist',
};

/** "an admin", "a doctor", "a nutritionist". */
export const ROLE_WITH_ARTICLE: Record<TeamRole, string> = {
  admin: 'an admin',
  doctor: 'a doctor',
  nutritionist: 'a nutritionist',
};

export const ROLE_ABOUT: Record<TeamRole, string> = {
  admin: 'Everything in the staff area, the team included.',
  doctor: 'The staff home with the latest reports, blogs and recipes; no customer lists.',
  nutritionist: 'The staff home with the latest reports, blogs and recipes; no customer lists.',
};

export const STATUS_LABEL: Record<TeamMemberStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  deactivated: 'Deactivated',
};

export const STATUS_COLOR: Record<TeamMemberStatus, string> = {
  active: 'green',
  invited: 'orange',
  deactivated: 'gray',
};

export const TEAM_SORT_LABEL: Record<TeamMemberSort, string> = {
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  email: 'E-mail, A to Z',
  '-email': 'E-mail, Z to A',
  role: 'Role, admins first',
  '-role': 'Role, nutritionists first',
  '-lastSignInAt': 'Signed in most recently',
  lastSignInAt: 'Signed in longest ago',
  '-createdAt': 'Added most recently',
  createdAt: 'Added longest ago',
};
