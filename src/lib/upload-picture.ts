/**
 * The calls that take a picture as their raw request body (a product's pictures, a post's or recipe's): the bytes in
 * their own type rather than JSON, with the bearer and the same error rules as every other call.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../openapi/schema';
import { dataOf, noAnswerRule, unauthorizedRule } from './api-client';
import { env } from './env';
import { STORAGE_KEYS, storage } from './storage';

/** The addresses whose POST takes the picture's own bytes (application/octet-stream among the contract's types). */
export type PictureUploadPath = {
  [Path in keyof paths]: paths[Path] extends { post: { requestBody: { content: { 'application/octet-stream': string } } } } ? Path : never;
}[keyof paths];

/** What an upload at `Path` answers: the picture as the server kept it. */
export type PictureUploadAnswer<Path extends PictureUploadPath> = paths[Path] extends {
  post: { responses: { 201: { content: { 'application/json': infer Answer } } } };
}
  ? Answer
  : never;

/** The bearer only: the JSON content type the shop's other calls set would misname the picture. */
const bearer: Middleware = {
  onRequest({ request }) {
    const token = storage.get(STORAGE_KEYS.authToken);
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

const uploads = createClient<Pick<paths, PictureUploadPath>>({ baseUrl: env.apiBaseUrl });
uploads.use(bearer, unauthorizedRule, noAnswerRule);

/** Uploads `file` as the request body to `path`; the server decides what it is from its content. */
export async function postPicture<Path extends PictureUploadPath>(path: Path, file: Blob): Promise<PictureUploadAnswer<Path>> {
  const result = await uploads.POST(path as PictureUploadPath, {
    body: file as unknown as string,
    bodySerializer: (body: unknown) => body as BodyInit,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
  });
  // Every such address answers the same shape, `{ image }`, with its own kind of picture.
  return dataOf(result) as PictureUploadAnswer<Path>;
}
