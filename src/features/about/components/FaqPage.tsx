import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Text } from '@chakra-ui/react/text';
import { Fragment, memo, useCallback, useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { flushSync } from 'react-dom';
import { ContentPage, Section } from '@/components/layout/Prose';
import { notify } from '@/components/ui/notices';
import { useMounted } from '@/lib/use-mounted';
import { HEADER_HEIGHT_PX } from '@/theme/system';
import { faqGroups, type AnswerPart, type FaqItem } from '../content/faq';
import { faqJsonLd, matchesSearch, matchSummary, searchWords } from './faq-text';
import { TextLink } from './TextLink';

const allQuestions = faqGroups.flatMap((group) => group.items);
const jsonLd = faqJsonLd(faqGroups);
const SEARCH_ID = 'faq-search';

/**
 * Room above an answer opened from a link, so that the sticky header (and the offer strip above it, which may wrap to
 * two lines on a phone) does not cover its question.
 */
const ANSWER_SCROLL_MARGIN = `${HEADER_HEIGHT_PX + 72}px`;

/**
 * Opens the answer named by the address's `#fragment`, when the page opens and whenever the fragment changes (a
 * shared `/faq#<id>` link, or "Link to this answer"). An answer that the search has hidden brings every question back.
 */
function useAnswerFromHash(showAllQuestions: () => void) {
  useEffect(() => {
    const openAnswer = () => {
      const id = window.location.hash.slice(1);
      const answer = id ? document.getElementById(id) : null;
      if (!(answer instanceof HTMLDetailsElement)) return;
      // The answer must be on screen before it can be scrolled to.
      if (answer.closest('[hidden]')) flushSync(showAllQuestions);
      answer.open = true;
      answer.scrollIntoView({ block: 'start' });
    };
    openAnswer();
    window.addEventListener('hashchange', openAnswer);
    return () => window.removeEventListener('hashchange', openAnswer);
  }, [showAllQuestions]);
}

function Answer({ parts }: { parts: AnswerPart[] }) {
  return (
    <Text color="gray.800">
      {parts.map((part, index) =>
        typeof part === 'string' ? (
          <Fragment key={index}>{part}</Fragment>
        ) : (
          <TextLink key={index} to={part.to}>
            {part.text}
          </TextLink>
        ),
      )}
    </Text>
  );
}

/** Copies the answer's full address as the link also goes to it, so that it can be pasted into a message. */
function copyAnswerAddress(event: MouseEvent<HTMLAnchorElement>) {
  const address = event.currentTarget.href;
  // Where the clipboard is refused, the address bar shows the same link once the browser has followed it.
  navigator.clipboard?.writeText(address).then(
    () => notify.success('The link to this answer is copied.'),
    () => undefined,
  );
}

/** Memoised: a keystroke in the search re-renders only the questions it shows or hides. */
const Question = memo(function Question({ item, shown }: { item: FaqItem; shown: boolean }) {
  return (
    <Box asChild id={item.id} borderBottomWidth="1px" borderColor="gray.200" scrollMarginTop={ANSWER_SCROLL_MARGIN}>
      <details hidden={!shown}>
        <Box
          as="summary"
          cursor="pointer"
          fontWeight="semibold"
          color="gray.900"
          py="3"
          _hover={{ color: 'brand.800' }}
          _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', outlineOffset: '2px', rounded: 'sm' }}
        >
          {item.question}
        </Box>
        <Box pb="4">
          <Answer parts={item.answer} />
          <Box asChild display="inline-block" mt="2" fontSize="sm" color="brand.700" textDecoration="underline" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', rounded: 'sm' }}>
            {/* The name starts with the visible words, so that voice control finds it, and says which answer it is. */}
            <a href={`#${item.id}`} onClick={copyAnswerAddress} aria-label={`Link to this answer: ${item.question}`}>
              Link to this answer
            </a>
          </Box>
        </Box>
      </details>
    </Box>
  );
});

/** /faq: the questions customers ask, grouped, searchable once the page has been taken over, each linkable. */
export function FaqPage() {
  const mounted = useMounted();
  const [query, setQuery] = useState('');
  const searchInput = useRef<HTMLInputElement>(null);
  const showAllQuestions = useCallback(() => setQuery(''), []);
  useAnswerFromHash(showAllQuestions);

  const words = useMemo(() => searchWords(query), [query]);
  const matching = useMemo(() => new Set(allQuestions.filter((item) => matchesSearch(item, words)).map((item) => item.id)), [words]);
  const searching = words.length > 0;

  return (
    <ContentPage
      title="Frequently asked questions"
      description="Answers about our gut microbiome tests: choosing a kit, ordering and payment, collecting your sample, results, reports and your data."
      path="/faq"
      jsonLd={jsonLd}
      lead="Straight answers about our kits, your order, your sample, your report and your data."
    >
      <Box as="nav" aria-labelledby="faq-topics-title" bg="gray.50" rounded="lg" p={{ base: '4', md: '5' }}>
        <Text id="faq-topics-title" fontWeight="semibold" color="gray.900" mb="2">
          Topics
        </Text>
        <Box as="ul" display="grid" gridTemplateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="2" listStyleType="none">
          {faqGroups.map((group) => (
            <li key={group.id}>
              <Box asChild color="brand.700" textDecoration="underline" _focusVisible={{ outline: '2px solid', outlineColor: 'brand.500', rounded: 'sm' }}>
                <a href={`#${group.id}`}>{group.title}</a>
              </Box>
            </li>
          ))}
        </Box>
      </Box>

      <Box as="form" role="search" mt="8" onSubmit={(event) => event.preventDefault()}>
        <Field.Root>
          <Field.Label htmlFor={SEARCH_ID}>Search the questions</Field.Label>
          {/* Searching needs the page's script: until it has taken the page over, the box waits and every question shows. */}
          <Input
            ref={searchInput}
            id={SEARCH_ID}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            disabled={!mounted}
            autoComplete="off"
          />
          <Field.HelperText color="gray.700">Try a word such as envelope, refund, invoice or report.</Field.HelperText>
        </Field.Root>
        <Text aria-live="polite" role="status" mt="3" color="gray.900" fontWeight={searching ? 'semibold' : 'normal'}>
          {searching ? matchSummary(matching.size, query) : ''}
        </Text>
        {searching && matching.size === 0 ? (
          <Box display="flex" flexWrap="wrap" alignItems="center" gap="3" mt="3">
            <Button
              type="button"
              variant="outline"
              colorPalette="brand"
              onClick={() => {
                setQuery('');
                searchInput.current?.focus();
              }}
            >
              Show all questions
            </Button>
            <Text color="gray.800">
              or <TextLink to="/contact-us">ask us your question</TextLink>.
            </Text>
          </Box>
        ) : null}
      </Box>

      {faqGroups.map((group) => (
        <Box key={group.id} hidden={!group.items.some((item) => matching.has(item.id))}>
          <Section id={group.id} title={group.title}>
            {group.items.map((item) => (
              <Question key={item.id} item={item} shown={matching.has(item.id)} />
            ))}
          </Section>
        </Box>
      ))}

      <Text mt="12" color="gray.800">
        Did not find your answer? <TextLink to="/contact-us">Contact us</TextLink> and we will help.
      </Text>
    </ContentPage>
  );
}
