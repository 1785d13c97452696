/** The topics of the publications page (the contract's `PublicationTopic`), for the public page and the staff's alike. */
import type { components } from '../../openapi/schema';

export type PublicationTopic = components['schemas']['PublicationTopic'];

/** In the order the page lists them. */
export const PUBLICATION_TOPIC_LABEL: Record<PublicationTopic, string> = {
  'gut-microbiome': 'Gut microbiome',
  'diet-and-nutrition': 'Diet and nutrition',
  'gut-brain-and-sleep': 'Gut–brain axis and sleep',
  'ibs-and-digestive-health': 'IBS and digestive health',
  'methods-and-sequencing': 'Methods and sequencing',
  questionnaires: 'Questionnaires',
};

export const PUBLICATION_TOPICS = Object.keys(PUBLICATION_TOPIC_LABEL) as PublicationTopic[];

export function isPublicationTopic(value: unknown): value is PublicationTopic {
  return typeof value === 'string' && Object.hasOwn(PUBLICATION_TOPIC_LABEL, value);
}
