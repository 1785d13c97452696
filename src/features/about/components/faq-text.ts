/** The FAQ as plain text: for search engines (FAQPage JSON-LD) and for the page's search box. */
import type { AnswerPart, FaqGroup, FaqItem } from '../content/faq';

/** An answer without its links, as a sentence reads aloud. */
export function answerText(answer: AnswerPart[]): string {
  return answer.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}

/** schema.org FAQPage: every question with its answer in plain text. */
export function faqJsonLd(groups: FaqGroup[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: groups.flatMap((group) =>
      group.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: answerText(item.answer) },
      })),
    ),
  };
}

/** Lower case, and typographic apostrophes as the straight ones a keyboard types. */
function normalised(text: string): string {
  return text.toLowerCase().replace(/[‘’]/g, "'");
}

/** The words of what was typed in the search box; none for an empty or blank box. */
export function searchWords(query: string): string[] {
  return normalised(query).split(/\s+/).filter(Boolean);
}

/** Whether `text` has a word that starts with `start`: "lab" finds "lab" and "label", not "available". */
function hasWordStarting(text: string, start: string): boolean {
  for (let at = text.indexOf(start); at !== -1; at = text.indexOf(start, at + 1)) {
    if (at === 0 || !/[\p{L}\p{N}]/u.test(text.charAt(at - 1))) return true;
  }
  return false;
}

/** Whether every word searched for starts a word of the question or of its answer. */
export function matchesSearch(item: FaqItem, words: string[]): boolean {
  const text = normalised(`${item.question} ${answerText(item.answer)}`);
  return words.every((word) => hasWordStarting(text, word));
}

/** What the search's live region says: "4 questions match “sample”". */
export function matchSummary(count: number, query: string): string {
  const quoted = `“${query.trim()}”`;
  if (count === 0) return `No questions match ${quoted}.`;
  return count === 1 ? `1 question matches ${quoted}.` : `${count} questions match ${quoted}.`;
}
