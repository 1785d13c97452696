import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useMemo, useState } from 'react';
import { PageTitle } from '@/components/layout/PageTitle';
import { ExportButton } from '@/components/staff/ExportButton';
import { FilterSelect } from '@/components/staff/ListControls';
import { returnMonths } from './months';

/**
 * The registers a GST return is filed from, for a month: every tax invoice and every credit note issued in it, with
 * their taxes as the PDFs carry them, exported as CSV.
 */
export function GstRegistersPage() {
  const months = useMemo(() => returnMonths(new Date()), []);
  const [value, setValue] = useState(months[1]?.value ?? months[0]!.value);
  const month = months.find((entry) => entry.value === value) ?? months[0]!;
  const labels = Object.fromEntries(months.map((entry) => [entry.value, entry.label]));
  const period = { from: month.from, to: month.to };

  return (
    <>
      <PageTitle title="GST Registers">
        The invoices and credit notes issued in a month, one row each for each GST rate on them, with the place of
        supply, the taxable value and the CGST, SGST and IGST exactly as each PDF shows them, for the month&apos;s GST
        return. Days are India&apos;s.
      </PageTitle>
      <Stack gap="6" maxW="40rem">
        <FilterSelect id="gst-month" label="Month" value={month.value} values={months.map((entry) => entry.value)} labels={labels} onChange={setValue} />
        <Flex gap="6" wrap="wrap" align="flex-start">
          <Stack gap="1" flex="1" minW="16rem">
            <ExportButton key={`invoices-${month.value}`} request={{ kind: 'gst-register', filter: { register: 'invoices', ...period } }} what="the invoice register" />
            <Text fontSize="sm" color="gray.700">
              Each tax invoice, by the day it was paid.
            </Text>
          </Stack>
          <Stack gap="1" flex="1" minW="16rem">
            <ExportButton
              key={`credit-notes-${month.value}`}
              request={{ kind: 'gst-register', filter: { register: 'credit-notes', ...period } }}
              what="the credit-note register"
            />
            <Text fontSize="sm" color="gray.700">
              Each credit note, by the day of its refund, with its original invoice.
            </Text>
          </Stack>
        </Flex>
      </Stack>
    </>
  );
}
