import { Badge } from '@chakra-ui/react/badge';
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { FilterSelect, Pager, SearchBox } from '@/components/staff/ListControls';
import { StaffListBody } from '@/components/staff/StaffListBody';
import { StaffTable, type StaffColumn } from '@/components/staff/StaffTable';
import { FormAlert } from '@/components/ui/fields';
import { useAuthState } from '@/lib/actors-context';
import { formatShopDate, formatShopDateTime } from '@/lib/dates';
import { useTeamAction, useTeamMembers, type TeamAction, type TeamMember } from '../api/team-members';
import {
  TEAM_PAGE_SIZE,
  TEAM_ROLES,
  TEAM_SORTS,
  TEAM_STATUSES,
  teamListParams,
  teamSearchFrom,
  type TeamListParams,
  type TeamMemberSort,
  type TeamMemberStatus,
  type TeamRole,
  type TeamSearch,
} from '../params';
import { ROLE_LABEL, ROLE_WITH_ARTICLE, STATUS_COLOR, STATUS_LABEL, TEAM_SORT_LABEL } from './labels';
import type { ConfirmKind } from './TeamActionDialog';

/** The confirmation arrives when first asked for, keeping the list's own chunk small. */
const TeamActionDialog = lazy(() => import('./TeamActionDialog'));

const ANY = 'any';

/** The address's search for `params`, the defaults left out so that the plain address is the usual view. */
function teamSearchFor(params: TeamListParams): TeamSearch {
  return {
    q: params.q,
    role: params.role,
    status: params.status,
    sort: params.sort === 'name' ? undefined : params.sort,
    page: params.page === 1 ? undefined : params.page,
  };
}

const nameOf = (member: TeamMember) => member.fullname || member.email || 'This team member';

/** What the page says once a change is made. */
function outcomeOf(
  action: TeamAction,
  answer: { member: TeamMember; passwordLink?: 'sent' | 'notSent' },
): { tone: 'success' | 'error'; text: string } {
  const name = nameOf(answer.member);
  switch (action.kind) {
    case 'role':
      return {
        tone: 'success',
        text: `${name} is now ${ROLE_WITH_ARTICLE[answer.member.role]}.`,
      };
    case 'deactivate':
      return {
        tone: 'success',
        text: `${name} is deactivated: their sessions have ended and they can no longer sign in.`,
      };
    case 'reactivate':
      return {
        tone: 'success',
        text: `${name} is active again and can sign in.`,
      };
    case 'resend':
      return answer.passwordLink === 'sent'
        ? {
            tone: 'success',
            text: `The link to set a password was sent to ${answer.member.email ?? name} again.`,
          }
        : {
            tone: 'error',
            text: `The link to set a password could not be sent to ${answer.member.email ?? name}. Please try again in a few minutes.`,
          };
  }
}

function RowActions({
  member,
  self,
  onAsk,
  onResend,
  resending,
}: {
  member: TeamMember;
  self: boolean;
  onAsk: (kind: ConfirmKind, member: TeamMember) => void;
  onResend: (member: TeamMember) => void;
  resending: boolean;
}) {
  if (self) {
    return (
      <Text as="span" fontSize="sm" color="gray.600">
        You
      </Text>
    );
  }
  const name = nameOf(member);
  return (
    <Flex gap="2" wrap="wrap">
      <Button size="xs" variant="outline" aria-label={`Change the role of ${name}`} onClick={() => onAsk('role', member)}>
        Change role
      </Button>
      {member.status === 'deactivated' ? (
        <Button size="xs" variant="outline" aria-label={`Reactivate ${name}`} onClick={() => onAsk('reactivate', member)}>
          Reactivate
        </Button>
      ) : (
        <Button size="xs" variant="outline" colorPalette="red" aria-label={`Deactivate ${name}`} onClick={() => onAsk('deactivate', member)}>
          Deactivate
        </Button>
      )}
      {member.status === 'invited' ? (
        <Button
          size="xs"
          variant="ghost"
          aria-label={`Send the link again to ${name}`}
          loading={resending}
          loadingText="Sending…"
          onClick={() => onResend(member)}
        >
          Send the link again
        </Button>
      ) : null}
    </Flex>
  );
}

/** The staff: who they are, their role and status, when they last signed in; their role and access changed here. */
export function TeamMembersPage({ search }: { search: unknown }) {
  const params = teamListParams(teamSearchFrom(search));
  const team = useTeamMembers(params);
  const navigate = useNavigate();
  const me = useAuthState().user?._id;
  const action = useTeamAction();
  const [asking, setAsking] = useState<{
    kind: ConfirmKind;
    member: TeamMember;
  } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{
    tone: 'success' | 'error';
    text: string;
  } | null>(null);
  const [resendingId, setResendingId] = useState<string | null>(null);

  const show = (change: Partial<TeamListParams>) =>
    void navigate({
      to: '/admin/team-members',
      search: teamSearchFor({ ...params, page: 1, ...change }),
    });
  const filtered = Boolean(params.q || params.role || params.status);
  const data = team.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / TEAM_PAGE_SIZE)) : 1;

  const run = async (request: TeamAction) => {
    setOutcome(null);
    const answer = await action.mutateAsync(request);
    setOutcome(outcomeOf(request, answer));
  };

  const resend = (member: TeamMember) => {
    setResendingId(member._id);
    run({ kind: 'resend', member })
      .catch((error: unknown) =>
        setOutcome({
          tone: 'error',
          text: error instanceof Error ? error.message : 'The link could not be sent.',
        }),
      )
      .finally(() => setResendingId(null));
  };

  const ask = (kind: ConfirmKind, member: TeamMember) => {
    setDialogError(null);
    setAsking({ kind, member });
  };

  const columns: StaffColumn<TeamMember>[] = [
    {
      id: 'name',
      header: 'Name',
      sort: 'name',
      rowHeader: true,
      cell: (member) => (
        <Text as="span" fontWeight="semibold">
          {nameOf(member)}
        </Text>
      ),
    },
    {
      id: 'email',
      header: 'E-mail',
      sort: 'email',
      cell: (member) => (
        <Text as="span" overflowWrap="anywhere">
          {member.email ?? '—'}
        </Text>
      ),
    },
    {
      id: 'phone',
      header: 'Phone',
      nowrap: true,
      cell: (member) => member.phone ?? '—',
    },
    {
      id: 'role',
      header: 'Role',
      sort: 'role',
      cell: (member) => ROLE_LABEL[member.role],
    },
    {
      id: 'status',
      header: 'Status',
      cell: (member) => (
        <Stack gap="0.5" align="flex-start">
          <Badge colorPalette={STATUS_COLOR[member.status]}>{STATUS_LABEL[member.status]}</Badge>
          {member.status === 'invited' ? (
            <Text as="span" fontSize="xs" color="gray.600">
              {member.passwordLinkSentAt ? `Link sent ${formatShopDateTime(member.passwordLinkSentAt)}` : 'Link not sent yet'}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      id: 'lastSignInAt',
      header: 'Last sign-in',
      sort: 'lastSignInAt',
      nowrap: true,
      cell: (member) => (member.lastSignInAt ? formatShopDateTime(member.lastSignInAt) : 'Never'),
    },
    {
      id: 'createdAt',
      header: 'Added on',
      sort: 'createdAt',
      nowrap: true,
      cell: (member) => formatShopDate(member.createdAt),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (member) => <RowActions member={member} self={member._id === me} onAsk={ask} onResend={resend} resending={resendingId === member._id} />,
    },
  ];

  return (
    <Box maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '10' }}>
      <PageTitle title="Team Members">
        The shop&rsquo;s admins, doctors and nutritionists. Change a role, or deactivate someone who no longer needs access: their sessions end at
        once.
      </PageTitle>
      <Flex mb="6">
        <Button asChild colorPalette="brand">
          <Link to="/admin/add-team-member">Add a team member</Link>
        </Button>
      </Flex>
      {outcome ? (
        <Box mb="4" role="status" data-testid="team-outcome">
          <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert>
        </Box>
      ) : null}
      <Flex gap="4" mb="3" wrap="wrap" align="flex-end">
        <SearchBox id="team-search" label="Search the team" placeholder="Name or e-mail" value={params.q} onSearch={(q) => show({ q })} />
        <FilterSelect
          id="team-sort"
          label="Sort by"
          value={params.sort}
          values={TEAM_SORTS}
          labels={TEAM_SORT_LABEL}
          onChange={(sort) => show({ sort })}
        />
      </Flex>
      <Flex gap="4" mb="6" wrap="wrap" align="flex-end">
        <FilterSelect<TeamRole | typeof ANY>
          id="team-role"
          label="Role"
          value={params.role ?? ANY}
          values={[ANY, ...TEAM_ROLES]}
          labels={{ any: 'Any role', ...ROLE_LABEL }}
          onChange={(role) => show({ role: role === ANY ? undefined : role })}
        />
        <FilterSelect<TeamMemberStatus | typeof ANY>
          id="team-status"
          label="Status"
          value={params.status ?? ANY}
          values={[ANY, ...TEAM_STATUSES]}
          labels={{ any: 'Any status', ...STATUS_LABEL }}
          onChange={(status) => show({ status: status === ANY ? undefined : status })}
        />
        {filtered ? (
          <Button variant="ghost" size="sm" mb="1" onClick={() => show({ q: undefined, role: undefined, status: undefined })}>
            Clear filters
          </Button>
        ) : null}
        <Text role="status" srOnly>
          {team.isPlaceholderData ? 'Updating the list…' : ''}
        </Text>
      </Flex>
      <StaffListBody
        query={team}
        what="the team"
        latestWhat="the latest list"
        testId="team-empty"
        page={params.page}
        lastPage={lastPage}
        onLastPage={() => show({ page: lastPage })}
        nothingOnPage="There is nobody"
        filtered={filtered}
        noMatch="No team member matches these filters."
        noneYet="No team members yet."
      >
        {(data) => (
          <>
            <StaffTable
              columns={columns}
              rows={data.items}
              rowId={(member) => member._id}
              caption={`Team members, ${TEAM_SORT_LABEL[params.sort].toLowerCase()}`}
              sort={params.sort}
              onSort={(sort) => show({ sort: sort as TeamMemberSort })}
              updating={team.isPlaceholderData}
              testId="team-members"
            />
            <Pager
              label="Pages of team members"
              page={params.page}
              pageSize={TEAM_PAGE_SIZE}
              shown={data.items.length}
              total={data.total}
              onPage={(page) =>
                void navigate({
                  to: '/admin/team-members',
                  search: teamSearchFor({ ...params, page }),
                })
              }
            />
          </>
        )}
      </StaffListBody>
      {asking ? (
        <Suspense fallback={null}>
          <TeamActionDialog
            kind={asking.kind}
            member={asking.member}
            busy={action.isPending}
            error={dialogError}
            onClose={() => setAsking(null)}
            onConfirm={(role) => {
              setDialogError(null);
              const request: TeamAction =
                asking.kind === 'role'
                  ? {
                      kind: 'role',
                      member: asking.member,
                      role: role ?? asking.member.role,
                    }
                  : { kind: asking.kind, member: asking.member };
              run(request)
                .then(() => setAsking(null))
                .catch((error: unknown) => setDialogError(error instanceof Error ? error.message : 'The change could not be made. Please try again.'));
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
