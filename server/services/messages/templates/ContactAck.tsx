import { Facts, Greeting, Layout, Paragraph, SmallPrint, Title, type TemplateProps } from './Layout';

/**
 * The contact form's acknowledgement. It goes to whatever address the visitor typed, so it carries the shop's words,
 * the message's reference and its topic only, never what the visitor wrote.
 */
export function ContactAck({ payload, footer, subject }: TemplateProps<'contact-ack'>) {
  return (
    <Layout
      subject={subject}
      preview="Thank you for writing to us. We answer within 2 working days."
      reason="You are receiving this e-mail because someone wrote to us with this address through the contact form on our website."
      footer={footer}
    >
      <Title>We have your message</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        Thank you for writing to us. Someone from our team will answer within 2 working days, at this e-mail address.
      </Paragraph>
      <Facts
        rows={[...(payload.reference ? [{ label: 'Your reference', value: payload.reference }] : []), { label: 'Topic', value: payload.topic, prose: true }]}
      />
      <SmallPrint>There is no need to write again: your message is with our team. If you write or call about it, please give its reference.</SmallPrint>
      <SmallPrint>If you did not write to us, you can ignore this e-mail.</SmallPrint>
    </Layout>
  );
}
