import { Box, type BoxProps } from '@chakra-ui/react/box';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { couponScopeLabel, formatRupees } from '../../../machines/pricing';

interface PriceSummaryProps extends BoxProps {
  /** In paise, as the server computed them (SPEC §3). */
  actualPrice: number;
  coupon: string | null | undefined;
  /** The kits a coupon limited to some kits applies to (e.g. Gut 360); null or left out when it applies to every kit. */
  couponKits?: string[] | null | undefined;
  discountInPercentage: number;
  discount: number;
  price: number;
  totalLabel: string;
  totalTestId?: string;
  /** Further rows after the total (as `dt`/`dd` pairs). */
  children?: ReactNode;
}

/** The total's cells share one rule above them: the grid has no column gap, so it runs unbroken. */
const totalRule = { borderTopWidth: '1px', borderColor: 'gray.300', pt: '2', mt: '1' } as const;

/** Price, coupon discount and the amount to pay, as a definition list with a rule above the total. */
export function PriceSummary({
  actualPrice,
  coupon,
  couponKits,
  discountInPercentage,
  discount,
  price,
  totalLabel,
  totalTestId,
  children,
  ...box
}: PriceSummaryProps) {
  return (
    <Box as="dl" display="grid" gridTemplateColumns="1fr auto" rowGap="1" {...box}>
      <Text as="dt">Price</Text>
      <Text as="dd" textAlign="right">
        {formatRupees(actualPrice)}
      </Text>
      {coupon ? (
        <>
          <Text as="dt">
            Coupon {couponKits ? couponScopeLabel(coupon, discountInPercentage, couponKits) : `${coupon} (${discountInPercentage}% off)`}
          </Text>
          <Text as="dd" textAlign="right" color="green.700">
            − {formatRupees(discount)}
          </Text>
        </>
      ) : null}
      <Text as="dt" fontWeight="bold" {...totalRule}>
        {totalLabel}
      </Text>
      <Text as="dd" textAlign="right" fontWeight="bold" data-testid={totalTestId} {...totalRule}>
        {formatRupees(price)}
      </Text>
      {children}
    </Box>
  );
}
