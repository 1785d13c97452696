import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Input } from '@chakra-ui/react/input';
import { Text } from '@chakra-ui/react/text';
import { useId, useState } from 'react';
import type { ContentImage } from '../api/authoring';
import { PICTURE_TYPES, uploadPicture } from '../pictures';

const ALT_MAX_LENGTH = 250;

/**
 * A picture in the text: the file, uploaded through the same call as covers, and what it shows in words (its alt
 * text) for readers who cannot see it.
 */
export function ImageForm({ onInsert, onCancel }: { onInsert: (image: ContentImage, alt: string) => void; onCancel: () => void }) {
  const fileId = useId();
  const altId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [altProblem, setAltProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const insert = async () => {
    const described = alt.trim();
    setFileProblem(file ? null : 'Choose a picture.');
    setAltProblem(described ? null : 'Say what the picture shows, for readers who cannot see it.');
    if (!file || !described) return;
    setUploading(true);
    const uploaded = await uploadPicture(file);
    setUploading(false);
    if ('error' in uploaded) setFileProblem(uploaded.error);
    else onInsert(uploaded.image, described);
  };

  return (
    <Box asChild p="3" borderBottomWidth="1px" borderColor="gray.200" bg="gray.50">
      <form
        noValidate
        aria-label="Picture"
        onSubmit={(event) => {
          event.preventDefault();
          if (!uploading) void insert();
        }}
      >
        <Flex direction="column" gap="3">
          <Field.Root invalid={Boolean(fileProblem)}>
            <Field.Label htmlFor={fileId}>Picture file</Field.Label>
            <input
              id={fileId}
              type="file"
              accept={PICTURE_TYPES}
              disabled={uploading}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setFileProblem(null);
              }}
            />
            {fileProblem ? (
              <Field.ErrorText color="red.700">{fileProblem}</Field.ErrorText>
            ) : (
              <Field.HelperText color="gray.700">JPEG, PNG or WebP, at most 2 MB.</Field.HelperText>
            )}
          </Field.Root>
          <Field.Root invalid={Boolean(altProblem)}>
            <Field.Label htmlFor={altId}>What the picture shows (alt text)</Field.Label>
            <Input
              id={altId}
              value={alt}
              maxLength={ALT_MAX_LENGTH}
              autoComplete="off"
              onChange={(event) => setAlt(event.target.value)}
              disabled={uploading}
            />
            {altProblem ? (
              <Field.ErrorText color="red.700">{altProblem}</Field.ErrorText>
            ) : (
              <Field.HelperText color="gray.700">For example: “A bowl of curd rice with pomegranate seeds”.</Field.HelperText>
            )}
          </Field.Root>
          <Flex gap="2" wrap="wrap" align="center">
            <Button type="submit" size="sm" colorPalette="brand" loading={uploading} loadingText="Uploading…">
              Insert picture
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={onCancel} disabled={uploading}>
              Cancel
            </Button>
            {uploading ? (
              <Text role="status" fontSize="sm" color="gray.700">
                Uploading the picture…
              </Text>
            ) : null}
          </Flex>
        </Flex>
      </form>
    </Box>
  );
}
