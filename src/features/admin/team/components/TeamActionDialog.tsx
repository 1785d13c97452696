import { useState } from 'react';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import { SelectField } from '@/components/ui/select-field';
import type { TeamMember } from '../api/team-members';
import { TEAM_ROLES, type TeamRole } from '../params';
import { ROLE_ABOUT, ROLE_LABEL, ROLE_WITH_ARTICLE } from './labels';

export type ConfirmKind = 'role' | 'deactivate' | 'reactivate';

interface TeamActionDialogProps {
  kind: ConfirmKind;
  member: TeamMember;
  busy: boolean;
  /** The server's refusal, or why the call failed, while the dialog stays open. */
  error: string | null;
  onConfirm: (role?: TeamRole) => void;
  onClose: () => void;
}

const TITLE: Record<ConfirmKind, (name: string) => string> = {
  role: (name) => `Change the role of ${name}`,
  deactivate: (name) => `Deactivate ${name}?`,
  reactivate: (name) => `Reactivate ${name}?`,
};

/** What each change does, for the member by name and their present role. */
const TEXT: Record<ConfirmKind, (name: string, role: string) => string> = {
  role: (name, role) => `${name} is ${role} now. The new role applies to their very next step in the staff area.`,
  deactivate: (name) =>
    `Every session of ${name} ends at once and they can no longer sign in. Their account and its history are kept, and you can reactivate them later.`,
  reactivate: (name, role) =>
    `${name} can sign in again with their password, as ${role}. If they have forgotten it, send them the link to set a password.`,
};

/** Asks before a change to a team member's role or access, and says what it does. */
export default function TeamActionDialog({ kind, member, busy, error, onConfirm, onClose }: TeamActionDialogProps) {
  const [role, setRole] = useState<TeamRole | ''>('');
  const [problem, setProblem] = useState<string | undefined>();
  const name = member.fullname || member.email || 'this team member';
  const others = TEAM_ROLES.filter((candidate) => candidate !== member.role);

  const confirm = () => {
    if (kind === 'role' && !role) {
      setProblem('Choose the new role.');
      return;
    }
    onConfirm(role || undefined);
  };

  return (
    <ConfirmDialog
      testId="team-action-dialog"
      title={TITLE[kind](name)}
      text={TEXT[kind](name, ROLE_WITH_ARTICLE[member.role])}
      confirmLabel={kind === 'role' ? 'Change role' : kind === 'deactivate' ? 'Deactivate' : 'Reactivate'}
      busyLabel={kind === 'role' ? 'Changing…' : kind === 'deactivate' ? 'Deactivating…' : 'Reactivating…'}
      tone={kind === 'deactivate' ? 'destructive' : 'brand'}
      asForm
      busy={busy}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      {kind === 'role' ? (
        <SelectField
          id="team-new-role"
          label="New role"
          placeholder="Choose a role…"
          value={role}
          options={others.map((value) => ({
            value,
            label: `${ROLE_LABEL[value]}: ${ROLE_ABOUT[value]}`,
          }))}
          onChange={(value) => {
            setRole(value as TeamRole | '');
            setProblem(undefined);
          }}
          error={problem}
        />
      ) : null}
    </ConfirmDialog>
  );
}
