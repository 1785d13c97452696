import { ActionButton, Facts, Greeting, KitList, kitWord, Layout, Paragraph, Title, type TemplateProps } from './Layout';

export function KitShipped({ payload, footer, subject }: TemplateProps<'kit-shipped'>) {
  const kits = kitWord(payload.kits.length);
  return (
    <Layout
      subject={subject}
      preview={`Order ${payload.orderNumber} has shipped with ${payload.courier}, tracking number ${payload.trackingNumber}.`}
      reason="You are receiving this e-mail because you placed an order with Gut360 Health."
      footer={footer}
    >
      <Title>
        Your {kits} {payload.kits.length === 1 ? 'is' : 'are'} on the way
      </Title>
      <Greeting name={payload.name} />
      <Paragraph>We have handed your order to the courier. Use the tracking number on the courier’s website to follow it.</Paragraph>
      <Facts
        rows={[
          { label: 'Order number', value: payload.orderNumber },
          { label: 'Courier', value: payload.courier },
          { label: 'Tracking number', value: payload.trackingNumber },
        ]}
      />
      <Paragraph style={{ marginBottom: '8px' }}>In the parcel:</Paragraph>
      <KitList kits={payload.kits} />
      <Paragraph>
        When it arrives, activate each kit with the code on its box before you collect your sample. We will e-mail you how.
      </Paragraph>
      <ActionButton href={payload.ordersUrl}>See your orders</ActionButton>
    </Layout>
  );
}
