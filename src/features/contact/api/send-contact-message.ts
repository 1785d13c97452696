import type { components } from '../../../../openapi/schema';
import { api, dataOf } from '@/lib/api-client';

export type ContactMessageInput = components['schemas']['ContactMessageInput'];
export type ContactTopic = components['schemas']['ContactTopic'];
export type ContactMessageReceipt = components['schemas']['ContactMessageReceipt'];

export async function sendContactMessage(body: ContactMessageInput): Promise<ContactMessageReceipt> {
  return dataOf(await api.POST('/api/contact-messages', { body }));
}
