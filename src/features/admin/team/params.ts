/** What the team list is asked for (operation `listTeamMembers`), as its page keeps it in the address. */
import * as v from 'valibot';
import { isStaffPage, STAFF_PAGE_SIZE } from '@/lib/staff-pages';
import type { components } from '../../../../openapi/schema';

export type TeamRole = components['schemas']['TeamRole'];
export type TeamMemberStatus = components['schemas']['TeamMemberStatus'];
export type TeamMemberSort = components['schemas']['TeamMemberSort'];

export const TEAM_ROLES = ['admin', 'doctor', 'nutritionist'] as const satisfies readonly TeamRole[];
export const TEAM_STATUSES = ['active', 'invited', 'deactivated'] as const satisfies readonly TeamMemberStatus[];
export const TEAM_SORTS = [
  'name',
  '-name',
  'email',
  '-email',
  'role',
  '-role',
  '-lastSignInAt',
  'lastSignInAt',
  '-createdAt',
  'createdAt',
] as const satisfies readonly TeamMemberSort[];

export const TEAM_PAGE_SIZE = STAFF_PAGE_SIZE;

/** The page's address as it may arrive: every parameter optional, the defaults left out of the address. */
export type TeamSearch = {
  q?: string | undefined;
  role?: TeamRole | undefined;
  status?: TeamMemberStatus | undefined;
  sort?: TeamMemberSort | undefined;
  page?: number | undefined;
};

/** One page of the list, with the defaults filled in. */
export interface TeamListParams {
  q: string | undefined;
  role: TeamRole | undefined;
  status: TeamMemberStatus | undefined;
  sort: TeamMemberSort;
  page: number;
}

const optional = <Schema extends v.GenericSchema>(schema: Schema) => v.fallback(v.optional(schema), undefined);

const teamSearchSchema = v.object({
  q: optional(v.pipe(v.union([v.string(), v.pipe(v.number(), v.transform(String))]), v.maxLength(100))),
  role: optional(v.picklist(TEAM_ROLES)),
  status: optional(v.picklist(TEAM_STATUSES)),
  sort: optional(v.picklist(TEAM_SORTS)),
  page: optional(v.custom<number>(isStaffPage)),
});

/** The team list's address read by its rules: what they do not accept is left out, as if it were not there. */
export function teamSearchFrom(raw: unknown): TeamSearch {
  return v.parse(teamSearchSchema, raw ?? {});
}

export function teamListParams(search: TeamSearch): TeamListParams {
  return {
    q: search.q,
    role: search.role,
    status: search.status,
    sort: search.sort ?? 'name',
    page: search.page ?? 1,
  };
}
