import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';
import { TEAM_PAGE_SIZE, type TeamListParams, type TeamRole } from '../params';

export type TeamMember = components['schemas']['TeamMember'];
export type TeamMemberRequest = components['schemas']['TeamMemberRequest'];
export type TeamMemberAnswer = components['schemas']['TeamMemberAnswer'];

export const TEAM_KEY = ['admin', 'team'] as const;

export const teamMembersQueryOptions = (params: TeamListParams) =>
  queryOptions({
    queryKey: [...TEAM_KEY, 'list', params],
    queryFn: async ({ signal }) =>
      dataOf(
        await api.GET('/api/admin/team-members', {
          params: {
            query: {
              ...(params.q ? { q: params.q } : {}),
              ...(params.role ? { role: params.role } : {}),
              ...(params.status ? { status: params.status } : {}),
              sort: params.sort,
              limit: TEAM_PAGE_SIZE,
              offset: (params.page - 1) * TEAM_PAGE_SIZE,
            },
          },
          signal,
        }),
      ),
    // Another filter or page keeps the rows on screen, marked as updating, until its own arrive.
    placeholderData: keepPreviousData,
    retryOnMount: false,
  });

export function useTeamMembers(params: TeamListParams) {
  return useQuery(teamMembersQueryOptions(params));
}

/** Adds a team member (operation `addTeamMember`); the list is read again. */
export function useAddTeamMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (request: TeamMemberRequest): Promise<TeamMemberAnswer> => dataOf(await api.POST('/api/admin/team-members', { body: request })),
    onSuccess: () => client.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}

export type TeamAction =
  | { kind: 'role'; member: TeamMember; role: TeamRole }
  | { kind: 'deactivate'; member: TeamMember }
  | { kind: 'reactivate'; member: TeamMember }
  | { kind: 'resend'; member: TeamMember };

/** A change to a member: their role, their access, or the link sent again. Answers the member and, for the link, whether it went. */
async function runAction(action: TeamAction): Promise<{ member: TeamMember; passwordLink?: 'sent' | 'notSent' }> {
  const path = { params: { path: { id: action.member._id } } };
  switch (action.kind) {
    case 'role':
      return dataOf(
        await api.PUT('/api/admin/team-members/{id}/role', {
          ...path,
          body: { role: action.role },
        }),
      );
    case 'deactivate':
      return dataOf(
        await api.POST('/api/admin/team-members/{id}/deactivation', {
          ...path,
          body: {},
        }),
      );
    case 'reactivate':
      return dataOf(
        await api.POST('/api/admin/team-members/{id}/reactivation', {
          ...path,
          body: {},
        }),
      );
    case 'resend':
      return dataOf(
        await api.POST('/api/admin/team-members/{id}/password-link', {
          ...path,
          body: {},
        }),
      );
  }
}

export function useTeamAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runAction,
    onSettled: () => client.invalidateQueries({ queryKey: TEAM_KEY }),
  });
}
