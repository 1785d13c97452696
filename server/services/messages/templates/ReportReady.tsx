import { ActionButton, Facts, Greeting, Layout, Paragraph, Subheading, Title, type TemplateProps } from './Layout';

export function ReportReady({ payload, footer, subject }: TemplateProps<'report-ready'>) {
  return (
    <Layout
      subject={subject}
      preview={`Your ${payload.kit} report is ready to read. A consultation with our nutritionist can take you through it.`}
      reason="You are receiving this e-mail because you sent us a sample for testing."
      footer={footer}
    >
      <Title>Your report is ready</Title>
      <Greeting name={payload.name} />
      <Paragraph>The lab has finished analysing your sample and your report is ready to read.</Paragraph>
      <Facts
        rows={[
          { label: 'Kit', value: payload.kit },
          { label: 'Box code', value: payload.boxCode },
        ]}
      />
      <ActionButton href={payload.reportUrl}>Read your report</ActionButton>
      <Subheading>Talk it through with a nutritionist</Subheading>
      <Paragraph>
        In a consultation with our nutritionist you go through your results together: what they mean and the changes that suit the food
        you eat. To arrange one, write to us from the Contact Us page of the shop under “My report or consultation”, or call us.
      </Paragraph>
    </Layout>
  );
}
