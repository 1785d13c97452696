import { ActionButton, BRAND, Facts, formatIst, Greeting, Layout, Paragraph, SmallPrint, Title, type TemplateProps } from './Layout';

const WHAT: Record<'email' | 'phone' | 'fullname', string> = { email: 'E-mail address', phone: 'Mobile number', fullname: 'Name' };

/**
 * Our care team changed the account's e-mail address, mobile number or name: the person hears of it at the address the
 * account had before, so that a change they did not ask for never goes unnoticed. New details are shown masked.
 */
export function ContactDetailsChanged({ payload, footer, subject }: TemplateProps<'contact-details-changed'>) {
  return (
    <Layout
      subject={subject}
      preview={`Our care team changed the contact details of your ${BRAND} account. If you did not ask for this, tell us at once.`}
      reason={`You are receiving this e-mail because this address was the one on your ${BRAND} account when it changed.`}
      footer={footer}
    >
      <Title>Your account’s details were changed</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        Our care team changed the details of your {BRAND} account on {formatIst(payload.changedAt)}. What changed:
      </Paragraph>
      <Facts rows={payload.changes.map((change) => ({ label: WHAT[change.field], value: change.now }))} />
      {payload.changes.some((change) => change.field === 'email') ? (
        <Paragraph>From now on we write to the new address, and you sign in with it. This is the last e-mail this address receives about your account.</Paragraph>
      ) : null}
      <ActionButton href={payload.contactUrl}>I did not ask for this</ActionButton>
      <SmallPrint>If you did not ask for this change, contact us straight away: we undo it and secure your account.</SmallPrint>
    </Layout>
  );
}
