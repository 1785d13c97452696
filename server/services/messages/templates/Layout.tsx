/**
 * The frame every e-mail of the shop shares, and the parts the templates are built from. Styles are inline (mail
 * clients drop most style sheets) and the layout is one column, so it reads the same on a 320 px phone and on a
 * desktop. No images, web fonts or trackers: the e-mail is complete as it arrives.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Body, Button, Container, Head, Heading, Html, Link, Preview, Section, Text } from 'react-email';
import { formatRupees } from '../../../../machines/pricing';
import type { MessageFooter, OrderLine, Payloads, TemplateName } from '../types';

export const BRAND = 'Gut360 Health';
export const COMPANY = 'Gut360 Health Private Limited';
export const COMPANY_ADDRESS = '2nd Floor, 80 Feet Road, Koramangala, Bengaluru, Karnataka 560034';

/** What each template component is given: the payload, the footer's links and the subject (the page's title). */
export interface TemplateProps<Name extends TemplateName> {
  payload: Payloads[Name];
  footer: MessageFooter;
  subject: string;
}

/** The shop's brand greens (src/theme/system.ts brand.600 and brand.700): white on 600 is 6:1, 700 on white 8:1. */
const colour = {
  brand: '#1a7041',
  brandDark: '#155a35',
  text: '#1f2933',
  muted: '#4b5563',
  rule: '#dde3df',
  page: '#f3f5f4',
  white: '#ffffff',
} as const;

const fontFamily = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif";

const styles = {
  body: { margin: 0, padding: 0, backgroundColor: colour.page, fontFamily, color: colour.text, WebkitTextSizeAdjust: '100%' },
  // The side padding keeps the card off the screen's edges on a phone.
  outer: { width: '100%', maxWidth: '616px', margin: '0 auto', padding: '0 8px' },
  brand: {
    margin: 0,
    padding: '24px 4px 16px',
    fontSize: '22px',
    lineHeight: '28px',
    fontWeight: 700,
    color: colour.brandDark,
    letterSpacing: '0.2px',
  },
  card: {
    backgroundColor: colour.white,
    border: `1px solid ${colour.rule}`,
    borderTop: `4px solid ${colour.brand}`,
    borderRadius: '8px',
    // Less at the bottom: the last paragraph or button brings its own margin.
    padding: '28px 24px 12px',
  },
  h1: { margin: '0 0 16px', fontSize: '24px', lineHeight: '32px', fontWeight: 700, color: colour.text },
  h2: { margin: '28px 0 8px', fontSize: '18px', lineHeight: '26px', fontWeight: 700, color: colour.text },
  p: { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: colour.text },
  small: { margin: '0 0 12px', fontSize: '14px', lineHeight: '21px', color: colour.muted },
  link: { color: colour.brandDark, textDecoration: 'underline', wordBreak: 'break-word' },
  button: {
    backgroundColor: colour.brand,
    color: colour.white,
    borderRadius: '6px',
    fontSize: '16px',
    fontWeight: 700,
    padding: '14px 24px',
    textAlign: 'center',
  },
  footer: { padding: '20px 4px 32px' },
  footerText: { margin: '0 0 8px', fontSize: '13px', lineHeight: '20px', color: colour.muted },
  footerLink: { color: colour.muted, textDecoration: 'underline' },
  cell: {
    padding: '10px 0',
    fontSize: '15px',
    lineHeight: '22px',
    color: colour.text,
    borderBottom: `1px solid ${colour.rule}`,
    verticalAlign: 'top',
  },
} satisfies Record<string, CSSProperties>;

export function Layout({
  subject,
  preview,
  reason,
  footer,
  children,
}: {
  subject: string;
  /** The line mail apps show after the subject in the inbox. */
  preview: string;
  /** Why the person receives this e-mail, said in the footer. */
  reason: string;
  footer: MessageFooter;
  children: ReactNode;
}) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
        <title>{subject}</title>
      </Head>
      <Preview useTitleTag={false}>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.outer}>
          <Text style={styles.brand}>{BRAND}</Text>
          <Section style={styles.card}>{children}</Section>
          <Section style={styles.footer}>
            <Text style={styles.footerText}>{reason}</Text>
            {footer.preferencesUrl ? (
              <Text style={styles.footerText}>
                <Link href={footer.preferencesUrl} style={styles.footerLink}>
                  Choose which e-mails you receive
                </Link>
              </Text>
            ) : null}
            {footer.unsubscribeUrl ? (
              <Text style={styles.footerText}>
                <Link href={footer.unsubscribeUrl} style={styles.footerLink}>
                  Unsubscribe from these e-mails
                </Link>
              </Text>
            ) : null}
            <Text style={{ ...styles.footerText, marginTop: '16px' }}>
              {COMPANY}
              <br />
              {COMPANY_ADDRESS}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Title({ children }: { children: ReactNode }) {
  return (
    <Heading as="h1" style={styles.h1}>
      {children}
    </Heading>
  );
}

export function Subheading({ children }: { children: ReactNode }) {
  return (
    <Heading as="h2" style={styles.h2}>
      {children}
    </Heading>
  );
}

export function Paragraph({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return <Text style={{ ...styles.p, ...style }}>{children}</Text>;
}

export function SmallPrint({ children }: { children: ReactNode }) {
  return <Text style={styles.small}>{children}</Text>;
}

/** The longest name a greeting writes out, in characters as a reader counts them. */
export const GREETING_NAME_MAX = 40;

/** Letters and marks of any script (with the joiners some Indian scripts need), spaces, apostrophes, hyphens and dots. */
const NAME_CHARACTERS = /^(?:[\p{L}\p{M} '’.-]|\u200C|\u200D)+$/u;
/** What a mail app could make a link of: a web address, or a domain (a dot followed by two letters or more). */
const LINK_LIKE = /www\.|https?|\.[\p{L}\p{N}]{2,}/iu;

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * The name a greeting writes out, or '' to greet without one. Some e-mails go to whatever address a visitor typed
 * (the contact form's acknowledgement, the ebook's link), greeting whatever name they typed, so the shop's e-mail
 * must not carry a message of theirs: a name with anything but the characters of names, or anything that reads as a
 * link, is not written out, and a longer one is cut to GREETING_NAME_MAX.
 */
export function greetingName(name: string): string {
  const flat = name.replace(/\s+/g, ' ').trim();
  if (!NAME_CHARACTERS.test(flat) || LINK_LIKE.test(flat)) return '';
  const characters = Array.from(graphemes.segment(flat), (part) => part.segment);
  return characters.length > GREETING_NAME_MAX ? characters.slice(0, GREETING_NAME_MAX).join('').trimEnd() : flat;
}

/** "Hello Priya Sharma," or, without a name that can be written out, "Hello,". */
export function Greeting({ name }: { name: string }) {
  const written = greetingName(name);
  return <Paragraph>{written ? `Hello ${written},` : 'Hello,'}</Paragraph>;
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={styles.link}>
      {children}
    </Link>
  );
}

/** The e-mail's main action: a real link, styled as a button, with its own paragraph around it. */
export function ActionButton({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: '8px 0 16px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** Numbered steps as a real ordered list. */
export function Steps({ items }: { items: ReactNode[] }) {
  return (
    <ol style={{ margin: '0 0 16px', paddingLeft: '24px' }}>
      {items.map((item, index) => (
        <li key={index} style={{ ...styles.p, margin: '0 0 8px' }}>
          {item}
        </li>
      ))}
    </ol>
  );
}

export interface Fact {
  label: string;
  value: string;
  /** Free text (a reason) reads better in the normal weight than in bold. */
  prose?: boolean;
  /** Said after the value, in the normal weight: "₹4,999 (part of the order)". */
  note?: string;
}

/**
 * A short list of labelled facts (order number, invoice number…). Label and value are inline blocks side by side: where
 * a phone has no room for both on a line the value moves under its label whole, rather than an order number or kit
 * code breaking at a hyphen. This needs no media query, which not every mail app applies.
 */
export function Facts({ rows }: { rows: Fact[] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 20px', borderCollapse: 'collapse' }}>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <td style={styles.cell}>
              <span style={{ display: 'inline-block', width: '160px', verticalAlign: 'top', color: colour.muted }}>
                {row.label}
                {/* Only the plain-text part shows it, as "Order number: GS-…". */}
                <span style={{ display: 'none', msoHide: 'all' } as CSSProperties}>:</span>
              </span>{' '}
              <span
                style={{
                  display: 'inline-block',
                  maxWidth: '370px',
                  verticalAlign: 'top',
                  fontWeight: row.prose ? 400 : 700,
                  overflowWrap: 'anywhere',
                }}
              >
                {row.value}
                {row.note ? <span style={{ fontWeight: 400 }}> ({row.note})</span> : null}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface SummaryRow {
  label: string;
  /** Already formatted, e.g. "−₹1,500". */
  value: string;
  strong?: boolean;
}

/** An order's kits (name, quantity, amount) with the sums below them, as a data table with column headers. */
export function LinesTable({ lines, summary, caption }: { lines: OrderLine[]; summary: SummaryRow[]; caption: string }) {
  const head: CSSProperties = {
    ...styles.cell,
    fontSize: '13px',
    lineHeight: '18px',
    fontWeight: 700,
    color: colour.muted,
    textTransform: 'uppercase',
    letterSpacing: '0.4px',
    borderBottom: `2px solid ${colour.rule}`,
  };
  const amount: CSSProperties = { textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: '12px' };
  return (
    <table
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      data-text-format="dataTable"
      style={{ margin: '0 0 20px', borderCollapse: 'collapse' }}
    >
      <caption style={{ textAlign: 'left', fontSize: '15px', fontWeight: 700, padding: '0 0 4px', color: colour.text }}>{caption}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ ...head, textAlign: 'left' }}>
            Kit
          </th>
          <th scope="col" style={{ ...head, ...amount, textAlign: 'center' }}>
            Qty
          </th>
          <th scope="col" style={{ ...head, ...amount }}>
            Amount
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line, index) => (
          <tr key={index}>
            <td style={{ ...styles.cell, wordBreak: 'break-word' }}>{line.name}</td>
            <td style={{ ...styles.cell, ...amount, textAlign: 'center' }}>{line.quantity}</td>
            <td style={{ ...styles.cell, ...amount }}>{formatRupees(line.amount)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {summary.map((row) => {
          const weight: CSSProperties = row.strong
            ? { fontWeight: 700, fontSize: '17px', borderBottom: 'none', borderTop: `2px solid ${colour.rule}` }
            : { borderBottom: 'none' };
          return (
            <tr key={row.label}>
              <th scope="row" colSpan={2} style={{ ...styles.cell, ...weight, textAlign: 'left', fontWeight: row.strong ? 700 : 400 }}>
                {row.label}
              </th>
              <td style={{ ...styles.cell, ...amount, ...weight }}>{row.value}</td>
            </tr>
          );
        })}
      </tfoot>
    </table>
  );
}

/** A postal address, one line of it a line (the payload separates them with line breaks or commas as typed). */
export function Address({ children }: { children: string }) {
  const lines = children
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <Text style={styles.p}>
      {lines.map((line, index) => (
        <span key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </span>
      ))}
    </Text>
  );
}

/** The kits of an order as a list; one kit reads as plain text. */
export function KitList({ kits }: { kits: string[] }) {
  return (
    <ul style={{ margin: '0 0 16px', paddingLeft: '24px' }}>
      {kits.map((kit, index) => (
        <li key={index} style={{ ...styles.p, margin: '0 0 4px' }}>
          {kit}
        </li>
      ))}
    </ul>
  );
}

/** "Gut 360", "Gut 360 and Gut Start", "Gut 360, Gut SEnS and Gut Heal". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** "kit" or "kits" for a count. */
export function kitWord(count: number): string {
  return count === 1 ? 'kit' : 'kits';
}

/** India's offset from UTC all year (no daylight saving), so the time reads the same wherever the server runs. */
const IST_OFFSET_MS = (5 * 60 + 30) * 60_000;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** An instant in Indian time: "27 November 2026, 7:45 pm IST". */
export function formatIst(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const india = new Date(at.getTime() + IST_OFFSET_MS);
  const hours = india.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(india.getUTCMinutes()).padStart(2, '0');
  return `${india.getUTCDate()} ${MONTHS[india.getUTCMonth()]} ${india.getUTCFullYear()}, ${hour12}:${minutes} ${hours < 12 ? 'am' : 'pm'} IST`;
}

/** A pickup's day as people read it: "Tue, 1 Dec". */
export function pickupDay(day: string): string {
  return new Date(`${day}T12:00:00+05:30`).toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
}
