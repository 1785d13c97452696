import { formatRupees } from '../../../../machines/pricing';
import { ActionButton, BRAND, Facts, Greeting, Layout, Paragraph, SmallPrint, Steps, TextLink, Title, type TemplateProps } from './Layout';

/** A customer registered at a camp or clinic: the kit they took home, the invoice, and the way into their account. */
export function AccountReady({ payload, footer, subject }: TemplateProps<'account-ready'>) {
  const signIn = payload.signInUrl ?? payload.loginUrl;
  return (
    <Layout
      subject={subject}
      preview={`Your ${payload.kit} kit is ${payload.existing ? 'added to your account' : 'registered to you'}. Sign in to activate it.`}
      reason={`You are receiving this e-mail because you bought a ${payload.kit} kit from ${BRAND} in person.`}
      footer={footer}
    >
      <Title>
        Your {payload.kit} kit is {payload.existing ? 'in your account' : 'registered to you'}
      </Title>
      <Greeting name={payload.name} />
      <Paragraph>
        Thank you for buying your {payload.kit} kit from us. {payload.existing ? 'We added it to your account' : `We made you an account at ${BRAND}`}{' '}
        with this e-mail address, where you activate the kit, answer the food and lifestyle questionnaire the lab reads with your sample, and read your report. Your GST invoice is attached.
      </Paragraph>
      <Facts
        rows={[
          { label: 'Order number', value: payload.orderNumber },
          { label: 'Invoice number', value: payload.invoiceNumber },
          { label: 'Paid', value: formatRupees(payload.total), note: 'incl. GST' },
        ]}
      />
      <ActionButton href={signIn}>Sign in to your account</ActionButton>
      <Steps
        items={[
          payload.signInUrl ? 'Sign in with the button above: no password is needed.' : 'Sign in with this e-mail address.',
          <TextLink href={payload.activateUrl}>Activate your kit</TextLink>,
          'Collect your sample as the leaflet in the box explains.',
          'Post your sample in the prepaid return envelope from the box: it comes to our lab at no cost to you.',
        ]}
      />
      <SmallPrint>
        {payload.signInUrl
          ? 'The sign-in link is for you alone and works once, so please do not forward this e-mail. If it has expired, '
          : ''}
        {payload.signInUrl ? 'open ' : 'Open '}
        <TextLink href={payload.loginUrl}>the sign-in page</TextLink> and choose “Sign in without a password” with this e-mail address.
      </SmallPrint>
    </Layout>
  );
}
