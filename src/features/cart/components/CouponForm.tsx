import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState, type FormEvent } from 'react';
import type { CartRequest } from '../../../../machines/cart';

const CODE_PATTERN = /^[A-Za-z0-9_-]+$/;
const CODE_MAX_LENGTH = 32;

/** What is wrong with a code before it is sent, in the words the field shows; null when it can be sent. */
export function couponCodeProblem(code: string): string | null {
  if (code === '') return 'Enter a coupon code.';
  if (code.length > CODE_MAX_LENGTH) return `A coupon code has at most ${CODE_MAX_LENGTH} characters.`;
  if (!CODE_PATTERN.test(code)) return 'A coupon code has only letters, numbers, hyphens (-) and underscores (_).';
  return null;
}

interface CouponFormProps {
  coupon: string | null;
  percentage: number;
  /** The kits a coupon limited to some kits applies to; null or left out when it applies to every kit. */
  kits?: string[] | null | undefined;
  request: CartRequest | null;
  /** The code of an offer link being applied, so the outcome can say where it came from. */
  offerCode: string | null;
  disabled: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}

export function CouponForm({ coupon, percentage, kits, request, offerCode, disabled, onApply, onRemove }: CouponFormProps) {
  const scope = kits ? ` ${kits.length > 0 ? kits.join(' and ') : 'none of these kits'}` : '';
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const applying = request?.operation === 'applyCoupon' ? request : null;
  const removing = request?.operation === 'removeCoupon' ? request : null;
  const fromLink = applying !== null && offerCode !== null && applying.subject === offerCode;
  const refused = applying?.status === 'failed' ? applying.message : null;
  const error = problem ?? (fromLink ? null : refused);

  // An applied code leaves the field empty for the next one.
  const appliedNow = applying?.status === 'done';
  useEffect(() => {
    if (appliedNow) setCode('');
  }, [appliedNow]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    const found = couponCodeProblem(trimmed);
    setProblem(found);
    if (!found) onApply(trimmed);
  };

  return (
    <Box>
      {coupon ? (
        <Box display="flex" alignItems="center" justifyContent="space-between" gap="3" bg="brand.50" borderWidth="1px" borderColor="brand.200" rounded="lg" p="3" mb="4" data-testid="applied-coupon">
          <Text>
            <Text as="span" fontWeight="bold">
              {coupon}
            </Text>{' '}
            applied: {percentage}% off{scope}
          </Text>
          <Button variant="outline" size="sm" onClick={onRemove} loading={removing?.status === 'pending'} loadingText="Removing" disabled={disabled}>
            Remove coupon
          </Button>
        </Box>
      ) : null}
      <form onSubmit={submit} noValidate aria-label="Coupon">
        <Field.Root invalid={error !== null}>
          <Field.Label>{coupon ? 'Use a different coupon' : 'Coupon code'}</Field.Label>
          <Box display="flex" gap="2" w="full">
            <Input
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setProblem(null);
              }}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              textTransform="uppercase"
            />
            <Button type="submit" colorPalette="brand" variant="outline" loading={applying?.status === 'pending'} loadingText="Applying" disabled={disabled && applying?.status !== 'pending'}>
              Apply
            </Button>
          </Box>
          {error ? <Field.ErrorText data-testid="coupon-error">{error}</Field.ErrorText> : <Field.HelperText color="gray.600">Have a coupon? Enter its code.</Field.HelperText>}
        </Field.Root>
      </form>
      <Box aria-live="polite" mt="2" minH="6">
        <CouponOutcome applying={applying} removing={removing} fromLink={fromLink} percentage={percentage} scope={scope} />
      </Box>
    </Box>
  );
}

function CouponOutcome({
  applying,
  removing,
  fromLink,
  percentage,
  scope,
}: {
  applying: CartRequest | null;
  removing: CartRequest | null;
  fromLink: boolean;
  percentage: number;
  /** " Gut 360" for a coupon limited to Gut 360; empty for one on every kit. */
  scope: string;
}) {
  if (removing?.status === 'failed') return <Text role="alert" color="red.700">{removing.message}</Text>;
  if (removing?.status === 'done') return <Text color="gray.700">Coupon removed. You pay the actual price.</Text>;
  // An offer link's code is reported at the top of the page (OfferNotice).
  if (!applying || fromLink) return null;
  if (applying.status === 'pending') return <Text color="gray.700">Applying {applying.subject}…</Text>;
  if (applying.status === 'done') {
    return (
      <Text color="brand.800" data-testid="coupon-outcome">
        Coupon {applying.subject} is applied: {percentage}% off {scope ? `the price of${scope}` : 'the actual price'}.
      </Text>
    );
  }
  return null;
}

/** What became of an offer link's code, said where the person lands after following the link. */
export function OfferNotice({ request, percentage }: { request: CartRequest | null; percentage: number }) {
  if (!request) return null;
  const failed = request.status === 'failed';
  return (
    <Box
      role={failed ? 'alert' : 'status'}
      borderWidth="1px"
      borderColor={failed ? 'red.200' : 'brand.200'}
      bg={failed ? 'red.50' : 'brand.50'}
      rounded="lg"
      p="4"
      mb="6"
      data-testid="offer-outcome"
    >
      <Text>
        {request.status === 'pending'
          ? `Applying your offer link's code ${request.subject}…`
          : request.status === 'done'
            ? `Your offer link's code ${request.subject} is applied: ${percentage}% off the actual price.`
            : `Your offer link's code ${request.subject} could not be applied. ${request.message ?? ''}`}
      </Text>
    </Box>
  );
}
