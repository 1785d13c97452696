import { formatRupees } from '../../../../machines/pricing';
import { ActionButton, formatIst, Greeting, Layout, LinesTable, Paragraph, SmallPrint, Title, type TemplateProps } from './Layout';

export function OrderUnpaid({ payload, footer, subject }: TemplateProps<'order-unpaid'>) {
  const deadline = formatIst(payload.expiresAt);
  return (
    <Layout
      subject={subject}
      preview={`Your order ${payload.orderNumber} is waiting for payment. It stays open until ${deadline}.`}
      reason="You are receiving this e-mail because you started an order with Gut360 Health."
      footer={footer}
    >
      <Title>Your order is waiting for payment</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        You started order <strong>{payload.orderNumber}</strong>, but the payment has not reached us. The order stays open until{' '}
        <strong>{deadline}</strong>; after that we cancel it.
      </Paragraph>
      <LinesTable
        caption="Your order"
        lines={payload.lines}
        summary={[{ label: 'Total (incl. GST)', value: formatRupees(payload.total), strong: true }]}
      />
      <ActionButton href={payload.payUrl}>Complete payment</ActionButton>
      <SmallPrint>
        If you have already paid, or changed your mind, there is nothing to do. This is the only reminder we send about this order.
      </SmallPrint>
    </Layout>
  );
}
