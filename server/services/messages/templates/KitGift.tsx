import { ActionButton, BRAND, Facts, Greeting, greetingName, Layout, Paragraph, SmallPrint, Steps, TextLink, Title, type TemplateProps } from './Layout';

/**
 * A buyer gives a kit to someone (a family member): its code, which is the claim, and how to activate it in an account
 * of their own. The buyer's name is written out only when it reads as a name, as the address is whatever was typed.
 */
export function KitGift({ payload, footer, subject }: TemplateProps<'kit-gift'>) {
  const from = greetingName(payload.from);
  const giver = from || 'Someone';
  return (
    <Layout
      subject={subject}
      preview={`${giver} has given you a ${payload.kit} gut test kit. Activate it in your own ${BRAND} account with its code.`}
      reason={`You are receiving this e-mail because ${from || 'a customer of ours'} gave you a kit bought from ${BRAND} and typed your address.`}
      footer={footer}
    >
      <Title>{`A ${payload.kit} kit for you`}</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        {giver} bought a {payload.kit} gut test kit for you. Activate it in an account of your own: the sample, the questionnaire you
        answer with it and your report are then yours alone, and {from || 'they'} will not see them.
      </Paragraph>
      <Facts
        rows={[
          { label: 'Kit', value: payload.kit },
          { label: 'Kit code', value: payload.code },
        ]}
      />
      <Steps
        items={[
          <TextLink href={payload.activateUrl}>Open the kit activation page</TextLink>,
          'Sign in, or create your account with this e-mail address or your mobile number.',
          `Enter the kit code ${payload.code} (it is also printed on the card in the kit's box) and press Activate kit.`,
          'Collect your sample as the leaflet in the box explains, and post it in the prepaid envelope.',
        ]}
      />
      <ActionButton href={payload.activateUrl}>Activate the kit</ActionButton>
      <SmallPrint>
        Whoever activates a code first owns its results, so keep this e-mail to yourself. If you do not know the sender or do not want
        the kit, ignore this e-mail: nothing happens without the code being activated.
      </SmallPrint>
    </Layout>
  );
}
