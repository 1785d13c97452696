import { ActionButton, Facts, Greeting, Layout, Paragraph, Title, type TemplateProps } from './Layout';

export function PickupReminder({ payload, footer, subject }: TemplateProps<'pickup-reminder'>) {
  return (
    <Layout
      subject={subject}
      preview={`Your ${payload.kit} sample is ready to travel: a courier can collect it from your door, free.`}
      reason="You are receiving this e-mail because you activated a kit and its sample has not reached our lab yet."
      footer={footer}
    >
      <Title>Send your sample to the lab</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        You activated your kit a few days ago. Once you have collected your sample, a courier can pick it up from your door and take it to
        our lab, free: choose the day on your dashboard with “Book the pickup of my sample”. Or post it with the prepaid envelope in the box.
      </Paragraph>
      <Facts
        rows={[
          { label: 'Kit', value: payload.kit },
          { label: 'Box code', value: payload.boxCode },
        ]}
      />
      <ActionButton href={payload.dashboardUrl}>Book the pickup</ActionButton>
    </Layout>
  );
}
