import { formatRupees } from '../../../../machines/pricing';
import { ActionButton, Facts, Greeting, Layout, Paragraph, Title, type Fact, type TemplateProps } from './Layout';

type MoneyBack = NonNullable<TemplateProps<'refund'>['payload']['moneyBack']>;

/** Where the money is and when it arrives: the gateway's refunds take days, money given back at a counter is back. */
function moneyBackWords({ method, reference }: MoneyBack, amount: string): { preview: string; paragraph: string; fact: string } {
  switch (method) {
    case 'gateway':
      return {
        preview: 'It reaches your account in 5 to 7 working days.',
        paragraph: 'The money goes back to the card, UPI account or bank account you paid with and usually reaches it in 5 to 7 working days.',
        fact: 'to the account you paid from',
      };
    case 'cash':
      return {
        preview: `${amount} was handed back to you in cash.`,
        paragraph: `${amount} was handed back to you in cash at the counter.`,
        fact: 'in cash, at the counter',
      };
    case 'upi':
      return {
        preview: `${amount} was sent to you by UPI.`,
        paragraph: `${amount} was sent to you by UPI${reference ? `; the transfer's reference is ${reference}` : ''}. It shows in your UPI app.`,
        fact: `by UPI${reference ? `, reference ${reference}` : ''}`,
      };
    case 'card_reversal':
      return {
        preview: `${amount} was reversed to your card.`,
        paragraph: `The card payment was reversed at the counter${reference ? ` (approval code ${reference})` : ''}. Your bank usually shows the money back on your card within 5 to 7 working days.`,
        fact: `reversed to your card${reference ? `, approval code ${reference}` : ''}`,
      };
  }
}

export function Refund({ payload, footer, subject }: TemplateProps<'refund'>) {
  const amount = formatRupees(payload.amount);
  const moneyBack = moneyBackWords(payload.moneyBack ?? { method: 'gateway', reference: null }, amount);
  const rows: Fact[] = [
    { label: 'Order number', value: payload.orderNumber },
    { label: 'Amount refunded', value: amount, note: payload.full ? 'the whole order' : 'part of the order' },
    { label: 'Refunded', value: moneyBack.fact },
    { label: 'Credit note number', value: payload.creditNoteNumber },
  ];
  if (payload.reason) rows.push({ label: 'Reason', value: payload.reason, prose: true });
  return (
    <Layout
      subject={subject}
      preview={`We have refunded ${amount} for order ${payload.orderNumber}. ${moneyBack.preview}`}
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
      <Paragraph>{`${moneyBack.paragraph} The credit note is attached (PDF).`}</Paragraph>
      <ActionButton href={payload.ordersUrl}>See your orders</ActionButton>
    </Layout>
  );
}
