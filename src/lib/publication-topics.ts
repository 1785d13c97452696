/** The topics of the publications page (the contract's `PublicationTopic`), for the public page and the staff's alike. */
import type { PublicationTopic } from './content-values';

export { isPublicationTopic, PUBLICATION_TOPICS, type PublicationTopic } from './content-values';

export const PUBLICATION_TOPIC_LABEL: Record<PublicationTopic, string> = {
  'gut-microbiome': 'Gut microbiome',
  'diet-and-nutrition': 'Diet and nutrition',
  'gut-brain-and-sleep': 'Gut–brain axis and sleep',
  'ibs-and-digestive-health': 'IBS and digestive health',
  'methods-and-sequencing': 'Methods and sequencing',
  questionnaires: 'Questionnaires',
};
