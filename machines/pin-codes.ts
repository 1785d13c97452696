/**
 * Which state or union territory a PIN code belongs to, read from its first three digits (India Post's sorting
 * district), so that an address cannot name one state with another state's PIN code: the state is the GST place of
 * supply on the invoice.
 *
 * Source: India Post's All India Pincode Directory (published on data.gov.in), every delivery and branch office's
 * PIN code and state, reduced to the three-digit prefixes each state's offices use. Where two states' offices share
 * a prefix (Puducherry's Karaikal, Mahe and Yanam inside Tamil Nadu, Kerala and Andhra Pradesh; Diu and Daman
 * inside Gujarat; Mohali's 160 with Chandigarh; border offices of Telangana and Andhra Pradesh, of Bihar and
 * Jharkhand, of Uttar Pradesh and Uttarakhand, of Assam and Meghalaya; Kochi's 682 with Lakshadweep) both states
 * are listed, so a real address is never refused. Single offices filed under a state far from their prefix
 * (typing slips in the directory) are left out. Uttar Pradesh's prefixes are its circle's sorting districts.
 */
import type { components } from '../openapi/schema';

type State = components['schemas']['IndianState'];

/** Inclusive ranges of three-digit prefixes. */
type PrefixRanges = readonly (readonly [from: number, to: number])[];

export const PIN_PREFIXES: Readonly<Record<State, PrefixRanges>> = {
  'Andaman and Nicobar Islands': [[744, 744]],
  'Andhra Pradesh': [[503, 506], [509, 509], [515, 518], [520, 524], [530, 535]],
  'Arunachal Pradesh': [[790, 792]],
  Assam: [[781, 788]],
  Bihar: [[800, 805], [811, 814], [821, 821], [823, 824], [841, 848], [851, 855]],
  Chandigarh: [[160, 160]],
  Chhattisgarh: [[490, 497]],
  'Dadra and Nagar Haveli and Daman and Diu': [[362, 362], [396, 396]],
  Delhi: [[110, 110]],
  Goa: [[403, 403]],
  Gujarat: [[360, 365], [370, 370], [380, 380], [382, 385], [387, 396]],
  Haryana: [[121, 127], [131, 136]],
  'Himachal Pradesh': [[171, 177]],
  'Jammu and Kashmir': [[180, 182], [184, 185], [190, 193]],
  Jharkhand: [[813, 816], [822, 822], [825, 829], [831, 835]],
  Karnataka: [[560, 563], [570, 577], [580, 587], [590, 591]],
  Kerala: [[670, 671], [673, 673], [676, 676], [678, 680], [682, 683], [685, 686], [688, 691], [695, 695]],
  Ladakh: [[194, 194]],
  Lakshadweep: [[682, 682]],
  'Madhya Pradesh': [[450, 458], [460, 466], [470, 477], [480, 488]],
  Maharashtra: [[400, 402], [410, 416], [421, 425], [431, 431], [440, 445]],
  Manipur: [[795, 795]],
  Meghalaya: [[781, 782], [793, 794]],
  Mizoram: [[796, 796]],
  Nagaland: [[797, 798]],
  Odisha: [[751, 770]],
  Puducherry: [[533, 533], [605, 605], [607, 607], [609, 609], [673, 673]],
  Punjab: [[140, 148], [151, 152], [160, 160]],
  Rajasthan: [[301, 307], [311, 314], [321, 328], [331, 335], [341, 345]],
  Sikkim: [[737, 737]],
  'Tamil Nadu': [[600, 614], [620, 632], [635, 639], [641, 643]],
  Telangana: [[500, 509]],
  Tripura: [[799, 799]],
  'Uttar Pradesh': [[201, 212], [221, 233], [241, 247], [250, 251], [261, 262], [271, 277], [281, 285]],
  Uttarakhand: [[244, 244], [246, 249], [262, 263]],
  'West Bengal': [[700, 700], [711, 713], [721, 723], [731, 736], [741, 743]],
};

const STATES = Object.keys(PIN_PREFIXES) as State[];

/** PIN codes from 9 on are the Army Postal Service's (APO and FPO addresses), which no state owns. */
const FIRST_ARMY_PREFIX = 900;

const prefixOf = (pincode: string) => Number(pincode.slice(0, 3));

const hasPrefix = (state: State, prefix: number) => PIN_PREFIXES[state].some(([from, to]) => from <= prefix && prefix <= to);

/** Whether the state's offices use any prefix of the two-digit postal circle band (e.g. 56 for 560–569). */
const hasBand = (state: State, prefix: number) =>
  PIN_PREFIXES[state].some(([from, to]) => Math.floor(from / 10) <= Math.floor(prefix / 10) && Math.floor(prefix / 10) <= Math.floor(to / 10));

/**
 * The states whose offices use this six-digit PIN code's prefix. A prefix the directory has no office for (a new
 * sorting district) falls back to the states of its two-digit band, so that the rule errs towards accepting.
 * Empty for the Army Postal Service and for a band no state uses.
 */
export function statesOfPinCode(pincode: string): State[] {
  const prefix = prefixOf(pincode);
  if (prefix >= FIRST_ARMY_PREFIX) return [];
  const exact = STATES.filter((state) => hasPrefix(state, prefix));
  return exact.length > 0 ? exact : STATES.filter((state) => hasBand(state, prefix));
}

/** Whether a six-digit PIN code can be one of `state`'s (any state for the Army Postal Service). */
export function pinCodeFitsState(pincode: string, state: State): boolean {
  return prefixOf(pincode) >= FIRST_ARMY_PREFIX || statesOfPinCode(pincode).includes(state);
}
