import { formatRupees } from '../../../../machines/pricing';
import { ActionButton, Facts, Greeting, Layout, Paragraph, Title, type Fact, type TemplateProps } from './Layout';

export function Refund({ payload, footer, subject }: TemplateProps<'refund'>) {
  const amount = formatRupees(payload.amount);
  const rows: Fact[] = [
    { label: 'Order number', value: payload.orderNumber },
    { label: 'Amount refunded', value: amount, note: payload.full ? 'the whole order' : 'part of the order' },
    { label: 'Credit note number', value: payload.creditNoteNumber },
  ];
  if (payload.reason) rows.push({ label: 'Reason', value: payload.reason, prose: true });
  return (
    <Layout
      subject={subject}
      preview={`We have refunded ${amount} for order ${payload.orderNumber}. It reaches your account in 5 to 7 working days.`}
      reason="You are receiving this e-mail because you placed an order with Gut360 Health."
      footer={footer}
    >
      <Title>Your refund is on its way</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        {payload.full
          ? `We have refunded your order ${payload.orderNumber} in full: ${amount}.`
          : `We have refunded ${amount} of your order ${payload.orderNumber}.`}
      </Paragraph>
      <Facts rows={rows} />
      <Paragraph>
        The money goes back to the card, UPI account or bank account you paid with and usually reaches it in 5 to 7 working days. The credit
        note is attached (PDF).
      </Paragraph>
      <ActionButton href={payload.ordersUrl}>See your orders</ActionButton>
    </Layout>
  );
}
