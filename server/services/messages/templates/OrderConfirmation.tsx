import { formatRupees } from '../../../../machines/pricing';
import {
  ActionButton,
  Address,
  Facts,
  Greeting,
  Layout,
  LinesTable,
  Paragraph,
  Steps,
  Subheading,
  Title,
  type SummaryRow,
  type TemplateProps,
} from './Layout';

export function OrderConfirmation({ payload, footer, subject }: TemplateProps<'order-confirmation'>) {
  const kits = payload.lines.reduce((sum, line) => sum + line.quantity, 0);
  const summary: SummaryRow[] = [{ label: 'Subtotal', value: formatRupees(payload.subtotal) }];
  if (payload.discount > 0) {
    summary.push({
      label: payload.couponCode ? `Discount (coupon ${payload.couponCode})` : 'Discount',
      value: `−${formatRupees(payload.discount)}`,
    });
  }
  summary.push({ label: 'Total (incl. GST)', value: formatRupees(payload.total), strong: true });
  return (
    <Layout
      subject={subject}
      preview={`Thank you for your order ${payload.orderNumber}. Your GST invoice is attached.`}
      reason="You are receiving this e-mail because you placed an order with Gut360 Health."
      footer={footer}
    >
      <Title>Thank you for your order</Title>
      <Greeting name={payload.name} />
      <Paragraph>We have your payment and your order is confirmed. Here is what you bought.</Paragraph>
      <Facts
        rows={[
          { label: 'Order number', value: payload.orderNumber },
          { label: 'Invoice number', value: payload.invoiceNumber },
        ]}
      />
      <LinesTable caption="Your order" lines={payload.lines} summary={summary} />
      <Paragraph>Your GST invoice is attached (PDF).</Paragraph>
      <Subheading>Shipping to</Subheading>
      <Address>{payload.shipTo}</Address>
      <Subheading>What happens next</Subheading>
      <Steps
        items={[
          'We ship your order within 2 working days and e-mail you the tracking number.',
          kits === 1
            ? 'When the kit arrives, activate it with the code on the box before you collect your sample.'
            : 'When the kits arrive, activate each one with the code on its box before you collect the samples.',
        ]}
      />
      <ActionButton href={payload.ordersUrl}>See your orders</ActionButton>
    </Layout>
  );
}
