/** The words staff read for the leads' consent and the list's orders. */
import type { ConsentView, EbookLeadSort } from '../params';

export const CONSENT_LABEL: Record<ConsentView, string> = {
  yes: 'Agreed to be contacted',
  no: 'Did not agree',
};

export const LEAD_SORT_LABEL: Record<EbookLeadSort, string> = {
  '-lastRequestedAt': 'Asked most recently',
  lastRequestedAt: 'Asked longest ago',
  '-firstRequestedAt': 'First asked most recently',
  firstRequestedAt: 'First asked longest ago',
  name: 'Name, A to Z',
  '-name': 'Name, Z to A',
  email: 'E-mail, A to Z',
  '-email': 'E-mail, Z to A',
  '-consentAt': 'Consent answered most recently',
  consentAt: 'Consent answered longest ago',
  '-downloads': 'Most downloads',
  downloads: 'Fewest downloads',
};
