import { Greeting, Layout, Paragraph, Quote, SmallPrint, Title, type TemplateProps } from './Layout';

/** "An order, payment or invoice" reads as "about an order, payment or invoice"; "GST …" keeps its capitals. */
function inSentence(topic: string): string {
  const trimmed = topic.trim();
  const first = trimmed.split(/\s+/)[0] ?? '';
  if (first.length > 1 && first === first.toUpperCase()) return trimmed;
  return trimmed.charAt(0).toLowerCase() + trimmed.slice(1);
}

export function ContactAck({ payload, footer, subject }: TemplateProps<'contact-ack'>) {
  return (
    <Layout
      subject={subject}
      preview="Thank you for writing to us. We answer within 2 working days."
      reason="You are receiving this e-mail because you wrote to us through the contact form on our website."
      footer={footer}
    >
      <Title>We have your message</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        Thank you for writing to us about {inSentence(payload.topic)}. Someone from our team will answer within 2 working days, at this
        e-mail address.
      </Paragraph>
      <Paragraph style={{ marginBottom: '8px' }}>You wrote:</Paragraph>
      <Quote>{payload.excerpt}</Quote>
      <SmallPrint>There is no need to write again: your message is with our team.</SmallPrint>
    </Layout>
  );
}
