import type { Payloads } from '../types';
import { ActionButton, BRAND, Greeting, Layout, Paragraph, SmallPrint, TextLink, Title, type TemplateProps } from './Layout';

export const ROLE_NAMES: Record<Payloads['staff-invitation']['role'], string> = {
  admin: 'an administrator',
  doctor: 'a doctor',
  nutritionist: 'a nutritionist',
};

export function StaffInvitation({ payload, footer, subject }: TemplateProps<'staff-invitation'>) {
  const role = ROLE_NAMES[payload.role];
  return (
    <Layout
      subject={subject}
      preview={`You have been added to the ${BRAND} team as ${role}. Set your password to sign in.`}
      reason={`You are receiving this e-mail because an administrator added you to the ${BRAND} team.`}
      footer={footer}
    >
      <Title>Welcome to the {BRAND} team</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        You have been added to the {BRAND} team as {role}. First, set your password: the link is for you alone, so please do not forward
        this e-mail.
      </Paragraph>
      <ActionButton href={payload.setPasswordUrl}>Set your password</ActionButton>
      <Paragraph>
        Then <TextLink href={payload.signInUrl}>sign in to the staff area</TextLink> with this e-mail address and your new password.
      </Paragraph>
      <SmallPrint>If you did not expect this invitation, you can ignore this e-mail.</SmallPrint>
    </Layout>
  );
}
