import type { components } from '../openapi/schema';

type ContactTopic = components['schemas']['ContactTopic'];

/** The contact form's topics, in the words a person chooses by; the staff's list of messages names them the same way. */
export const CONTACT_TOPICS: ReadonlyArray<{ value: ContactTopic; label: string }> = [
  { value: 'order', label: 'An order, payment or invoice' },
  { value: 'kit', label: 'My kit, sample or pickup' },
  { value: 'report', label: 'My report or consultation' },
  { value: 'privacy', label: 'Privacy and my data' },
  { value: 'business', label: 'Partnerships, clinics and media' },
  { value: 'other', label: 'Something else' },
];

export function topicLabel(topic: ContactTopic): string {
  return CONTACT_TOPICS.find((entry) => entry.value === topic)?.label ?? topic;
}
