import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Flex } from '@chakra-ui/react/flex';
import { Heading } from '@chakra-ui/react/heading';
import { SimpleGrid } from '@chakra-ui/react/simple-grid';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import * as v from 'valibot';
import { indianMobile } from '../../../../../machines/phone';
import { PageTitle } from '@/components/layout/PageTitle';
import { FormAlert } from '@/components/ui/fields';
import { firstError, refuseField, useShopForm } from '@/components/ui/form';
import { SelectField } from '@/components/ui/select-field';
import { ApiError } from '@/lib/api-client';
import { useAddTeamMember, useTeamAction, type TeamMemberAnswer } from '../api/team-members';
import { TEAM_ROLES, type TeamRole } from '../params';
import { ROLE_ABOUT, ROLE_LABEL, ROLE_WITH_ARTICLE } from './labels';

const EMPTY = { fullname: '', email: '', phone: '', role: '' };
type Values = typeof EMPTY;
const FIELDS = Object.keys(EMPTY) as Array<keyof Values>;

const rules = {
  fullname: v.pipe(v.string(), v.trim(), v.nonEmpty('Enter the team member’s full name.'), v.maxLength(80, 'Keep the name under 80 characters.')),
  email: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty('Enter their e-mail address: the link to set their password goes there.'),
    v.maxLength(254, 'Keep the e-mail address under 254 characters.'),
    v.email('Enter a valid e-mail address, like name@example.com.'),
  ),
  phone: v.pipe(
    v.string(),
    v.check(
      (value) => value.trim() === '' || indianMobile(value) !== undefined,
      'Enter a 10-digit Indian mobile number, like 98765 43210, or leave it empty.',
    ),
  ),
};

/** What happened once the member is added: the link sent, or not, with the way to send it again. */
function Outcome({ added, onResent }: { added: TeamMemberAnswer; onResent: (answer: TeamMemberAnswer) => void }) {
  const resend = useTeamAction();
  const [failure, setFailure] = useState<string | null>(null);
  const { member } = added;
  const sent = added.passwordLink === 'sent';
  return (
    <Box
      role="status"
      bg={sent ? 'green.50' : 'orange.50'}
      borderWidth="1px"
      borderColor={sent ? 'green.200' : 'orange.200'}
      rounded="md"
      p="4"
      data-testid="team-member-added"
    >
      <Heading as="h2" size="sm" mb="2" color={sent ? 'green.900' : 'orange.900'}>
        {member.fullname} is added as {ROLE_WITH_ARTICLE[member.role]}.
      </Heading>
      <Stack gap="3" color={sent ? 'green.900' : 'orange.900'}>
        <Text>
          {sent
            ? `A link to set their password was sent to ${member.email ?? 'their e-mail address'}. Once it is set, they sign in at the staff sign-in page.`
            : `The link to set their password could not be sent to ${member.email ?? 'their e-mail address'}. They are on the team; send the link again in a moment.`}
        </Text>
        {!sent ? (
          <Box>
            <Button
              size="sm"
              colorPalette="brand"
              loading={resend.isPending}
              loadingText="Sending…"
              onClick={() => {
                setFailure(null);
                resend
                  .mutateAsync({ kind: 'resend', member })
                  .then((answer) => {
                    if (answer.passwordLink === 'sent') onResent({ member: answer.member, passwordLink: 'sent' });
                    else setFailure('The link could still not be sent. Please try again in a few minutes, or from the team list.');
                  })
                  .catch((error: unknown) => setFailure(error instanceof Error ? error.message : 'The link could not be sent.'));
              }}
            >
              Send the link again
            </Button>
          </Box>
        ) : null}
        {failure ? <FormAlert>{failure}</FormAlert> : null}
      </Stack>
    </Box>
  );
}

/** An admin adds an admin, doctor or nutritionist: their sign-in account, and the e-mailed link to set a password. */
export function AddTeamMemberPage() {
  const add = useAddTeamMember();
  const [added, setAdded] = useState<TeamMemberAnswer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useShopForm({
    defaultValues: EMPTY,
    onSubmit: async ({ value, formApi }) => {
      setAdded(null);
      setRefusal(null);
      const phone = value.phone.trim();
      try {
        const answer = await add.mutateAsync({
          fullname: value.fullname.trim(),
          email: value.email.trim(),
          role: value.role as TeamRole,
          ...(phone ? { phone } : {}),
        });
        setAdded(answer);
        formApi.reset();
      } catch (error) {
        setRefusal(error instanceof Error ? error.message : 'The team member could not be added. Please try again.');
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fields ?? {})) {
            const name = FIELDS.find((candidate) => candidate === field);
            if (name) refuseField(formApi, name, message);
          }
        }
      }
    },
    onSubmitInvalid: () => {
      setAdded(null);
      setRefusal(null);
    },
  });

  return (
    <Box maxW="3xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '8', md: '12' }}>
      <PageTitle title="Add Team Member">
        Add an admin, a doctor or a nutritionist. They get an e-mail with a link to set their password, then sign in at the staff sign-in page.
      </PageTitle>
      <form.AppForm>
        <form.Form label="Add a team member">
          <Stack gap="6">
            {added ? <Outcome added={added} onResent={setAdded} /> : null}
            {refusal ? <FormAlert>{refusal}</FormAlert> : null}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <form.AppField name="fullname" validators={{ onSubmit: rules.fullname }}>
                {(field) => <field.TextField label="Full name" autoComplete="off" maxLength={80} />}
              </form.AppField>
              <form.AppField name="email" validators={{ onSubmit: rules.email }}>
                {(field) => (
                  <field.TextField
                    label="E-mail address"
                    type="email"
                    autoComplete="off"
                    maxLength={254}
                    helper="The link to set their password goes here."
                  />
                )}
              </form.AppField>
              <form.AppField name="phone" validators={{ onSubmit: rules.phone }}>
                {(field) => (
                  <field.TextField
                    label="Mobile number (optional)"
                    required={false}
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    prefix="+91"
                    maxLength={20}
                  />
                )}
              </form.AppField>
              <form.Field name="role" validators={{ onSubmit: ({ value }) => (value ? undefined : 'Choose their role.') }}>
                {(field) => (
                  <SelectField
                    id="team-member-role"
                    label="Role"
                    placeholder="Choose a role…"
                    value={field.state.value}
                    options={TEAM_ROLES.map((role) => ({ value: role, label: ROLE_LABEL[role] }))}
                    onChange={field.handleChange}
                    onBlur={field.handleBlur}
                    error={firstError(field.state.meta.errors)}
                  />
                )}
              </form.Field>
            </SimpleGrid>
            <Box as="ul" fontSize="sm" color="gray.700" ps="5" listStyleType="disc">
              {TEAM_ROLES.map((role) => (
                <li key={role}>
                  <Text as="span" fontWeight="semibold">
                    {ROLE_LABEL[role]}:
                  </Text>{' '}
                  {ROLE_ABOUT[role]}
                </li>
              ))}
            </Box>
            <Flex gap="3" wrap="wrap" align="center">
              <form.SubmitButton colorPalette="brand" loadingText="Adding…" w={{ base: 'full', md: 'auto' }}>
                Add team member
              </form.SubmitButton>
              <Button asChild variant="ghost" w={{ base: 'full', md: 'auto' }}>
                <Link to="/admin/team-members">Back to the team</Link>
              </Button>
            </Flex>
          </Stack>
        </form.Form>
      </form.AppForm>
    </Box>
  );
}
