import { ActionButton, Greeting, Layout, Paragraph, SmallPrint, Title, type TemplateProps } from './Layout';

export function EbookLink({ payload, footer, subject }: TemplateProps<'ebook-link'>) {
  return (
    <Layout
      subject={subject}
      preview={`Here is your copy of ${payload.title}. The download link works for 7 days.`}
      reason="You are receiving this e-mail because you asked for our ebook on our website."
      footer={footer}
    >
      <Title>Your ebook is ready to download</Title>
      <Greeting name={payload.name} />
      <Paragraph>
        Thank you for your interest. Here is your copy of <strong>{payload.title}</strong>, as a PDF.
      </Paragraph>
      <ActionButton href={payload.downloadUrl}>Download the ebook</ActionButton>
      <SmallPrint>The download link works for 7 days. After that, ask for the ebook again on our website.</SmallPrint>
    </Layout>
  );
}
