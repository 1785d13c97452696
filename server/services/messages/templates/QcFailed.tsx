import { ActionButton, Facts, Greeting, Layout, Paragraph, Title, type TemplateProps } from './Layout';

export function QcFailed({ payload, footer, subject }: TemplateProps<'qc-failed'>) {
  return (
    <Layout
      subject={subject}
      preview={`We are sorry: your ${payload.kit} sample could not be analysed. A replacement kit is on its way at no cost.`}
      reason="You are receiving this e-mail because you sent us a sample for testing."
      footer={footer}
    >
      <Title>We could not analyse your sample</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        We are sorry. Your sample did not pass our lab’s quality control, so we could not analyse it reliably. This happens now and then,
        for example when too little sample reaches the lab or it is delayed on the way.
      </Paragraph>
      <Facts
        rows={[
          { label: 'Kit', value: payload.kit },
          { label: 'Box code', value: payload.boxCode },
        ]}
      />
      <Paragraph>
        <strong>A replacement kit is on its way to you, at no cost.</strong> We will e-mail you the tracking number when it ships. Collect
        the new sample as the leaflet explains and post it in its prepaid envelope as before.
      </Paragraph>
      <ActionButton href={payload.ordersUrl}>See your orders</ActionButton>
    </Layout>
  );
}
