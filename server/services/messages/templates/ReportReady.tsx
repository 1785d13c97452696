import { ActionButton, Facts, Greeting, Layout, Paragraph, Subheading, Title, type TemplateProps } from './Layout';

export function ReportReady({ payload, footer, subject }: TemplateProps<'report-ready'>) {
  return (
    <Layout
      subject={subject}
      preview={`Your ${payload.kit} report is ready to read. Book your consultation with our nutritionist to go through it.`}
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
        Book a consultation with our nutritionist from your report page. They go through your results with you, explain what they mean and
        suggest changes that suit the food you eat.
      </Paragraph>
    </Layout>
  );
}
