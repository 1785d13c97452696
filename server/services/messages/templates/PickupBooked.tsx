import { ActionButton, Facts, Greeting, Layout, Paragraph, pickupDay, Title, type TemplateProps } from './Layout';

export function PickupBooked({ payload, footer, subject }: TemplateProps<'pickup-booked'>) {
  const day = pickupDay(payload.date);
  return (
    <Layout
      subject={subject}
      preview={`${payload.courier} comes for your ${payload.kit} sample on ${day}, between 10 am and 6 pm.`}
      reason="You are receiving this e-mail because you booked the pickup of your sample."
      footer={footer}
    >
      <Title>{payload.moved ? 'Your pickup is moved' : 'Your pickup is booked'}</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        A courier comes for your sample on {day}, between 10 am and 6 pm, and takes it to our lab. Keep the sealed sample box ready, in the
        prepaid envelope from your kit.
      </Paragraph>
      <Facts
        rows={[
          { label: 'Kit', value: payload.kit },
          { label: 'Box code', value: payload.boxCode },
          { label: 'Pickup', value: `${day}, 10 am to 6 pm` },
          { label: 'Address', value: payload.address },
          { label: 'Courier', value: `${payload.courier}, AWB ${payload.awb}` },
        ]}
      />
      <Paragraph>You can move the pickup to another day, or cancel it, from your dashboard until the courier has collected the sample.</Paragraph>
      <ActionButton href={payload.dashboardUrl}>Open your dashboard</ActionButton>
    </Layout>
  );
}
