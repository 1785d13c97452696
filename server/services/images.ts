/**
 * Pictures as staff upload them (product pictures, covers of posts and recipes): the kind is read from the bytes
 * (never from a file name or a declared type), and the picture is decoded and re-encoded as WebP, at most 1600
 * pixels on its longer side, without its metadata (camera, place), so that what the shop serves is always an image
 * we made. The upload routes take the raw bytes as the body, whatever type the request declares.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { HttpError } from '../errors';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const MAX_IMAGE_SIDE = 1600;
/** Refuses pictures that would take too much memory to decode (a small file can claim huge dimensions). */
const MAX_INPUT_PIXELS = 50_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The picture kind its first bytes announce, if it is one we take. */
export function imageKindOf(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return 'png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  return undefined;
}

export const unsupportedImage = () =>
  new HttpError(415, 'This file is not a JPEG, PNG or WebP picture. Choose a photo in one of those formats.', 'UNSUPPORTED_MEDIA_TYPE', {
    file: 'must be a JPEG, PNG or WebP picture',
  });

export const imageTooLarge = () =>
  new HttpError(413, 'This picture is larger than 2 MB. Choose a smaller one, or reduce it first.', 'PAYLOAD_TOO_LARGE', {
    file: 'must be at most 2 MB',
  });

export interface EncodedImage {
  kind: ImageKind;
  bytes: Buffer;
  width: number;
  height: number;
}

/** The picture re-encoded for the shop; 415 when the bytes are not a picture of a kind we take, or do not decode. */
export async function reencodeImage(input: Buffer): Promise<EncodedImage> {
  if (input.length > MAX_IMAGE_BYTES) throw imageTooLarge();
  const kind = imageKindOf(input);
  if (!kind) throw unsupportedImage();
  try {
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const metadata = await source.metadata();
    // The decoder must agree with the first bytes: a picture is what its content is, as a whole.
    if (metadata.format !== kind) throw unsupportedImage();
    const { data, info } = await source
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { kind, bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unsupportedImage();
  }
}

/**
 * An uploaded body, its bytes out of sight of the checks that walk every value of a request (a 2 MB buffer walked
 * byte by byte would take a second).
 */
class UploadedBytes {
  readonly #bytes: Buffer;
  constructor(bytes: Buffer) {
    this.#bytes = bytes;
  }
  get bytes(): Buffer {
    return this.#bytes;
  }
}

/**
 * Makes the routes of `app` (an encapsulated plugin holding only upload routes) read every body as bytes: what the
 * picture is comes from its content, whatever the request declares.
 */
export function acceptImageBodies(app: FastifyInstance): void {
  const keepBytes = (_request: unknown, body: string | Buffer, done: (error: Error | null, body?: unknown) => void) => {
    done(null, new UploadedBytes(body as Buffer));
  };
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, keepBytes);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_IMAGE_BYTES }, keepBytes);
}

/** The route options of an image upload: its body limit, answered as the shop's 413. */
export const imageUploadOptions = {
  bodyLimit: MAX_IMAGE_BYTES,
  errorHandler: (error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw imageTooLarge();
    throw error;
  },
};

/** The uploaded picture re-encoded; 415 when the body is empty or not a picture. */
export async function encodeUploadedImage(body: unknown): Promise<EncodedImage> {
  if (!(body instanceof UploadedBytes) || body.bytes.length === 0) throw unsupportedImage();
  return reencodeImage(body.bytes);
}
