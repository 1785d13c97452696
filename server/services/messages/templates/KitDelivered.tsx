import {
  ActionButton,
  Greeting,
  joinNames,
  kitWord,
  Layout,
  Paragraph,
  SmallPrint,
  Steps,
  Title,
  TextLink,
  type TemplateProps,
} from './Layout';

export function KitDelivered({ payload, footer, subject }: TemplateProps<'kit-delivered'>) {
  const one = payload.kits.length === 1;
  return (
    <Layout
      subject={subject}
      preview={`Your ${joinNames(payload.kits)} ${kitWord(payload.kits.length)} arrived. Activate ${one ? 'it' : 'each one'} before you collect your sample.`}
      reason="You are receiving this e-mail because you placed an order with Gut360 Health."
      footer={footer}
    >
      <Title>Your {kitWord(payload.kits.length)} arrived: here is how to start</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        Your {joinNames(payload.kits)} {kitWord(payload.kits.length)} from order {payload.orderNumber} {one ? 'has' : 'have'} been
        delivered. Activating {one ? 'the kit' : 'each kit'} links the sample to you, so do it before anything else.
      </Paragraph>
      <Steps
        items={[
          <TextLink href={payload.activateUrl}>Open the kit activation page</TextLink>,
          'Enter the code printed on the box (it looks like GUT-XXXX-XXXX).',
          'Collect your sample as the leaflet in the box explains.',
          'Answer the food and lifestyle questionnaire on the kit’s card in your account: the lab reads it with your sample.',
          'Post your sample in the prepaid return envelope from the box: it comes to our lab at no cost to you.',
        ]}
      />
      <ActionButton href={payload.activateUrl}>{`Activate your ${kitWord(payload.kits.length)}`}</ActionButton>
      <SmallPrint>
        {one ? '' : 'Each kit has its own code: activate them one by one. '}Eat as you normally do in the week before you collect the
        sample.
      </SmallPrint>
    </Layout>
  );
}
