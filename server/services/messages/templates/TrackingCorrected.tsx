import { ActionButton, Facts, Greeting, KitList, kitWord, Layout, Paragraph, Title, type TemplateProps } from './Layout';

/** The courier or tracking number staff gave when the parcel shipped was mistyped: here is the right one. */
export function TrackingCorrected({ payload, footer, subject }: TemplateProps<'tracking-corrected'>) {
  const kits = kitWord(payload.kits.length);
  return (
    <Layout
      subject={subject}
      preview={`The right tracking number of order ${payload.orderNumber}: ${payload.courier}, ${payload.trackingNumber}.`}
      reason="You are receiving this e-mail because you placed an order with Gut360 Health."
      footer={footer}
    >
      <Title>The right tracking number for your {kits}</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        We are sorry: the tracking number we sent you when your order shipped was wrong. Your parcel is on its way as before; follow it with
        the details below on the courier’s website.
      </Paragraph>
      <Facts
        rows={[
          { label: 'Order number', value: payload.orderNumber },
          { label: 'Courier', value: payload.courier },
          { label: 'Tracking number', value: payload.trackingNumber },
          { label: 'Replaces', value: `${payload.previousCourier}, ${payload.previousTrackingNumber}` },
        ]}
      />
      <Paragraph style={{ marginBottom: '8px' }}>In the parcel:</Paragraph>
      <KitList kits={payload.kits} />
      <ActionButton href={payload.ordersUrl}>See your orders</ActionButton>
    </Layout>
  );
}
