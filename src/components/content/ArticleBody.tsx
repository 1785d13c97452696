import { Box } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import { RichText } from '@/components/layout/RichText';

/** The piece's text; a draft may have none yet (a published piece always has). */
export function ArticleBody({ html }: { html: string }) {
  return (
    <Box mt="8">
      {html.trim() === '' ? <Text color="gray.700">The text is still to come.</Text> : <RichText html={html} />}
    </Box>
  );
}
