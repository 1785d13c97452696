import { BRAND, Facts, Greeting, Layout, Paragraph, SmallPrint, Title, type TemplateProps } from './Layout';

/** The reply's paragraphs: split at blank lines, each keeping its own line breaks. */
function paragraphsOf(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/**
 * A staff member's reply to a message sent from the contact page. It goes to the address the sender typed, so it
 * carries the reply and the message's reference only, never what the sender wrote.
 */
export function ContactReply({ payload, footer, subject }: TemplateProps<'contact-reply'>) {
  const paragraphs = paragraphsOf(payload.body);
  return (
    <Layout
      subject={subject}
      preview={`Our answer to your message ${payload.reference}.`}
      reason="You are receiving this e-mail because someone wrote to us with this address through the contact form on our website."
      footer={footer}
    >
      <Title>Our answer to your message</Title>
      <Greeting name={payload.name} />
      {paragraphs.map((paragraph, index) => (
        <Paragraph key={index} style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </Paragraph>
      ))}
      <Paragraph>The {BRAND} care team</Paragraph>
      <Facts rows={[{ label: 'Your reference', value: payload.reference }]} />
      <SmallPrint>To write back, answer this e-mail or use the contact page, and give the reference above.</SmallPrint>
      <SmallPrint>If you did not write to us, you can ignore this e-mail.</SmallPrint>
    </Layout>
  );
}
