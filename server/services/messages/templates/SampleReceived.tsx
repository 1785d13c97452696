import { ActionButton, Facts, Greeting, Layout, Paragraph, Title, type TemplateProps } from './Layout';

export function SampleReceived({ payload, footer, subject }: TemplateProps<'sample-received'>) {
  return (
    <Layout
      subject={subject}
      preview={`The lab has your ${payload.kit} sample. Your report usually follows in 3 to 4 weeks.`}
      reason="You are receiving this e-mail because you sent us a sample for testing."
      footer={footer}
    >
      <Title>Your sample has reached the lab</Title>
      <Greeting name={payload.name} />
      <Paragraph>Thank you for sending your sample. Our lab has received it and will now analyse it.</Paragraph>
      <Facts
        rows={[
          { label: 'Kit', value: payload.kit },
          { label: 'Box code', value: payload.boxCode },
        ]}
      />
      <Paragraph>
        Your report is usually ready in 3 to 4 weeks. We will e-mail you as soon as it is, and you can follow its progress on your
        dashboard.
      </Paragraph>
      <ActionButton href={payload.dashboardUrl}>Open your dashboard</ActionButton>
    </Layout>
  );
}
