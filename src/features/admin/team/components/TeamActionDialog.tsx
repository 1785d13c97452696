import { Button, CloseButton } from '@chakra-ui/react/button';
import { Dialog } from '@chakra-ui/react/dialog';
import { Portal } from '@chakra-ui/react/portal';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { dialogSlotRecipe } from '@chakra-theme/recipes/dialog';
import { useState } from 'react';
import { FormAlert } from '@/components/ui/fields';
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
    <Dialog.Root
      recipe={dialogSlotRecipe}
      role="alertdialog"
      open
      onOpenChange={(e) => (e.open || busy ? undefined : onClose())}
      closeOnInteractOutside={false}
      closeOnEscape={!busy}
      placement="center"
      size="md"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid="team-action-dialog">
            <form
              noValidate
              aria-label={TITLE[kind](name)}
              onSubmit={(event) => {
                event.preventDefault();
                confirm();
              }}
            >
              <Dialog.Header pe="12">
                <Dialog.Title fontSize="xl">{TITLE[kind](name)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {kind === 'role' ? (
                    <>
                      <Text>
                        {name} is {ROLE_WITH_ARTICLE[member.role]} now. The new role applies to their very next step in the staff area.
                      </Text>
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
                    </>
                  ) : kind === 'deactivate' ? (
                    <Text>
                      Every session of {name} ends at once and they can no longer sign in. Their account and its history are kept, and you can
                      reactivate them later.
                    </Text>
                  ) : (
                    <Text>
                      {name} can sign in again with their password, as {ROLE_WITH_ARTICLE[member.role]}. If they have forgotten it, send them the link
                      to set a password.
                    </Text>
                  )}
                  {error ? <FormAlert>{error}</FormAlert> : null}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  colorPalette={kind === 'deactivate' ? 'red' : 'brand'}
                  loading={busy}
                  loadingText={kind === 'role' ? 'Changing…' : kind === 'deactivate' ? 'Deactivating…' : 'Reactivating…'}
                >
                  {kind === 'role' ? 'Change role' : kind === 'deactivate' ? 'Deactivate' : 'Reactivate'}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild disabled={busy}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
