/**
 * The person's data as one ZIP archive: personal-data.json, the PDF of every GST invoice and a README.txt that says
 * in plain words what the files are. A person has few orders, so the archive is made in memory.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { components } from '../../../openapi/schema';
import { RETENTION_MONTHS, type Config } from '../../config';

type PersonalData = components['schemas']['PersonalData'];

const IST_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day of `at` in India as YYYY-MM-DD, for the names of the downloads. */
export function indianDay(at: Date): string {
  const parts = Object.fromEntries(IST_DAY.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** `attachment; filename="gut360-my-data-2026-11-24.json"` for a download made at `at`. */
export function downloadDisposition(at: Date, extension: 'json' | 'zip'): string {
  return `attachment; filename="gut360-my-data-${indianDay(at)}.${extension}"`;
}

/** Plain words as lines of at most `width` characters, broken between words. */
function wrap(text: string, width = 110): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

export function readmeText(data: PersonalData, config: Pick<Config, 'seller' | 'grievanceOfficer' | 'erasureDueDays'>): string {
  const { grievanceOfficer: officer } = config;
  const invoices =
    data.invoices.length === 0
      ? 'invoices/              There are none: you have no paid orders.'
      : `invoices/              The GST tax invoice of each paid order, as a PDF named by its invoice number\n` +
        `                       (${data.invoices.map((invoice) => invoice.file.replace('invoices/', '')).join(', ')}).`;
  const lines = [
    `Your data at ${config.seller.name}`,
    '',
    `This archive holds everything we keep about you, as it was on ${indianDay(new Date(data.exportedAt))}.`,
    '',
    'What each file is',
    '',
    'personal-data.json     Everything about you in one file that a computer can read (JSON): your profile and',
    '                       how you sign in, your consents, your saved delivery address, your cart, your orders',
    '                       with their payments, your kits and their journey, your food and lifestyle answers',
    '                       for each kit, your questionnaire results, the e-mails and SMS we sent you, your',
    '                       messages from the contact page, your ebook request, the devices where you are',
    '                       signed in, your erasure requests, and the history of your consents, downloads and',
    '                       requests.',
    invoices,
    'README.txt             This file.',
    '',
    ...(data.unconfirmedEmail ? ['What this copy leaves out', '', ...wrap(data.unconfirmedEmail.statement), ''] : []),
    'How long we keep it',
    '',
    'You can ask us to erase your account on the privacy page of your account. Within',
    `${config.erasureDueDays} days we then delete your name, e-mail address, phone number, saved address, cart, consents,`,
    'food and lifestyle answers, questionnaire results, the e-mails and SMS we sent you, your contact messages and',
    'your ebook request, sign you out everywhere and close your sign-in account.',
    `Your orders, payments, invoices and kits are kept for ${RETENTION_MONTHS} months (6 years), also after an erasure,`,
    'because Indian tax law (section 36 of the CGST Act with rule 56 of the CGST Rules) requires us to keep accounts',
    'and invoices that long. An invoice keeps the name and address it was made out to.',
    '',
    'Questions or complaints about your data',
    '',
    'Write to or call our grievance officer:',
    `  ${officer.name}`,
    `  E-mail: ${officer.email}`,
    `  Phone: ${officer.phone}`,
    `  Address: ${officer.address}`,
    `We answer within ${config.erasureDueDays} days.`,
    '',
  ];
  // Windows line ends, so that the file reads well in any text editor.
  return lines.join('\r\n');
}

export function personalDataArchive(data: PersonalData, invoicePdfs: ReadonlyMap<string, Uint8Array>, readme: string): Uint8Array {
  const files: Zippable = {
    'personal-data.json': strToU8(`${JSON.stringify(data, null, 2)}\n`),
    'README.txt': strToU8(readme),
  };
  // PDFs are compressed already: stored as they are, they zip faster and no larger.
  for (const [file, pdf] of invoicePdfs) files[file] = [pdf, { level: 0 }];
  return zipSync(files);
}
