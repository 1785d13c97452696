/** Pictures for a cover or the text: checked for size before they are sent, and the server's refusals in words. */
import { ApiError } from '@/lib/api-client';
import { uploadContentImage, type ContentImage } from './api/authoring';

const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
export const PICTURE_TYPES = 'image/jpeg,image/png,image/webp';

export const TOO_LARGE = 'The picture is larger than 2 MB. Choose a smaller one, or reduce it first.';
export const NOT_A_PICTURE = 'Choose a JPEG, PNG or WebP picture.';

/** Uploads `file`; what went wrong is said in plain words for the field that chose it. */
export async function uploadPicture(file: File): Promise<{ image: ContentImage } | { error: string }> {
  if (file.size > MAX_PICTURE_BYTES) return { error: TOO_LARGE };
  try {
    return { image: await uploadContentImage(file) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 413) return { error: TOO_LARGE };
    if (error instanceof ApiError && error.status === 415) return { error: NOT_A_PICTURE };
    return { error: error instanceof ApiError ? error.message : 'The picture could not be uploaded. Please try again.' };
  }
}
