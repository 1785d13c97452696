/**
 * The fulfilment steps that need details: shipping (courier and tracking number, which the customer sees), a ready
 * report (its link, which the customer's dashboard offers) and a failed quality check (why; a new kit is sent).
 */
import { Box } from '@chakra-ui/react/box';
import { Flex } from '@chakra-ui/react/flex';
import * as v from 'valibot';
import { useShopForm } from '@/components/ui/form';

const courierSchema = v.pipe(v.string(), v.trim(), v.minLength(2, 'Enter the courier, e.g. Blue Dart.'), v.maxLength(60, 'At most 60 characters.'));
const trackingSchema = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9 -]{2,38}[A-Za-z0-9]$/, 'Enter the tracking number: 4 to 40 letters and digits (spaces and dashes between).'),
);
const reportSchema = v.pipe(v.string(), v.trim(), v.url('Enter the full address of the report.'), v.startsWith('https://', 'The report’s address must start with https://.'));
const reasonSchema = v.pipe(v.string(), v.trim(), v.minLength(3, 'Say what the lab found, in a few words.'), v.maxLength(500, 'At most 500 characters.'));

/** Sends the details; the promise settles when the server has answered (its refusal is shown by the page). */
type Send<Values> = (values: Values) => Promise<unknown>;

export function ShipForm({ kits, onShip }: { kits: string; onShip: Send<{ courier: string; trackingNumber: string }> }) {
  const form = useShopForm({
    defaultValues: { courier: '', trackingNumber: '' },
    onSubmit: async ({ value }) => {
      await onShip({ courier: value.courier.trim(), trackingNumber: value.trackingNumber.trim() });
    },
  });
  return (
    <form.AppForm>
      <form.Form label={`Ship ${kits}`}>
        <Flex gap="3" wrap="wrap" align="flex-end">
          <Box flex="1" minW="12rem">
            <form.AppField name="courier" validators={{ onSubmit: courierSchema }}>
              {(field) => <field.TextField label="Courier" autoComplete="off" maxLength={60} />}
            </form.AppField>
          </Box>
          <Box flex="1" minW="12rem">
            <form.AppField name="trackingNumber" validators={{ onSubmit: trackingSchema }}>
              {(field) => <field.TextField label="Tracking number" autoComplete="off" maxLength={40} />}
            </form.AppField>
          </Box>
          <form.SubmitButton colorPalette="brand" loadingText="Shipping…">
            Mark shipped
          </form.SubmitButton>
        </Flex>
      </form.Form>
    </form.AppForm>
  );
}

export function ReportForm({ kit, onPublish }: { kit: string; onPublish: Send<string> }) {
  const form = useShopForm({
    defaultValues: { reportUrl: '' },
    onSubmit: async ({ value }) => {
      await onPublish(value.reportUrl.trim());
    },
  });
  return (
    <form.AppForm>
      <form.Form label={`Report of ${kit}`}>
        <Flex gap="3" wrap="wrap" align="flex-end">
          <Box flex="1" minW="14rem">
            <form.AppField name="reportUrl" validators={{ onSubmit: reportSchema }}>
              {(field) => <field.TextField label="Report link" type="url" placeholder="https://" autoComplete="off" maxLength={500} />}
            </form.AppField>
          </Box>
          <form.SubmitButton colorPalette="brand" loadingText="Saving…">
            Report ready
          </form.SubmitButton>
        </Flex>
      </form.Form>
    </form.AppForm>
  );
}

export function QcFailForm({ kit, onFail }: { kit: string; onFail: Send<string> }) {
  const form = useShopForm({
    defaultValues: { reason: '' },
    onSubmit: async ({ value }) => {
      await onFail(value.reason.trim());
    },
  });
  return (
    <form.AppForm>
      <form.Form label={`Quality check of ${kit}`}>
        <Flex gap="3" wrap="wrap" align="flex-end">
          <Box flex="1" minW="14rem">
            <form.AppField name="reason" validators={{ onSubmit: reasonSchema }}>
              {(field) => <field.TextField label="What the lab found" autoComplete="off" maxLength={500} helper="A new kit with a code of its own is sent." />}
            </form.AppField>
          </Box>
          <form.SubmitButton colorPalette="orange" variant="outline" loadingText="Saving…">
            QC failed
          </form.SubmitButton>
        </Flex>
      </form.Form>
    </form.AppForm>
  );
}
