import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Text } from '@chakra-ui/react/text';
import { useId, useRef, useState } from 'react';
import type { ContentImage } from '../api/authoring';
import { PICTURE_TYPES, uploadPicture } from '../pictures';

interface CoverFieldProps {
  cover: ContentImage | null;
  onChange: (cover: ContentImage | null) => void;
  readOnly: boolean;
  error: string | undefined;
}

/** The cover picture: uploaded as soon as it is chosen, kept with the draft's next save. */
export function CoverField({ cover, onChange, readOnly, error }: CoverFieldProps) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setUploading(true);
    const uploaded = await uploadPicture(file);
    setUploading(false);
    if (fileInput.current) fileInput.current.value = '';
    if ('error' in uploaded) setProblem(uploaded.error);
    else onChange(uploaded.image);
  };

  const shown = problem ?? error;
  return (
    <Field.Root invalid={Boolean(shown)} disabled={readOnly || uploading}>
      <Field.Label htmlFor={inputId}>Cover picture</Field.Label>
      {cover ? (
        <Flex gap="3" align="center" wrap="wrap" mb="2" data-testid="cover-picture">
          <img src={cover.url} alt="" width={160} height={90} style={{ width: '160px', height: '90px', objectFit: 'cover', borderRadius: '6px' }} />
          <Text fontSize="sm" color="gray.700">
            {cover.width} × {cover.height} pixels
          </Text>
          {readOnly ? null : (
            <Button type="button" size="sm" variant="outline" colorPalette="red" onClick={() => onChange(null)}>
              Remove the cover
            </Button>
          )}
        </Flex>
      ) : (
        <Text fontSize="sm" color="gray.700" mb="2">
          No cover yet: lists show a plain frame instead.
        </Text>
      )}
      {readOnly ? null : (
        <Box>
          <input
            id={inputId}
            ref={fileInput}
            type="file"
            accept={PICTURE_TYPES}
            onChange={(event) => void choose(event.target.files?.[0])}
            data-testid="cover-input"
          />
        </Box>
      )}
      {uploading ? (
        <Text role="status" fontSize="sm" color="gray.700">
          Uploading the picture…
        </Text>
      ) : null}
      {shown ? <Field.ErrorText color="red.700">{shown}</Field.ErrorText> : null}
      {readOnly ? null : (
        <Field.HelperText color="gray.700">
          JPEG, PNG or WebP, at most 2 MB; shown at the top of the page and on its card in the lists.
        </Field.HelperText>
      )}
    </Field.Root>
  );
}
