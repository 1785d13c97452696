import type { AdminPublicationSort, PublicationState } from '../params';

export const PUBLICATION_STATE_LABEL: Record<PublicationState, string> = {
  shown: 'Shown',
  hidden: 'Hidden',
};

export const PUBLICATION_SORT_LABEL: Record<AdminPublicationSort, string> = {
  '-year': 'Newest year first',
  year: 'Oldest year first',
  title: 'Title, A to Z',
  '-title': 'Title, Z to A',
  journal: 'Journal, A to Z',
  '-journal': 'Journal, Z to A',
  '-createdAt': 'Added most recently first',
  createdAt: 'Added earliest first',
  '-updatedAt': 'Changed most recently first',
  updatedAt: 'Changed earliest first',
};
