/**
 * The fulfilment steps that need details: shipping (courier and tracking number, which the customer sees), a ready
 * report (its link or its PDF, which the customer's dashboard offers) and a failed quality check (why; a new kit is
 * sent).
 */
import { Box } from '@chakra-ui/react/box';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Input } from '@chakra-ui/react/input';
import { useId } from 'react';
import * as v from 'valibot';
import { firstError, useShopForm } from '@/components/ui/form';

export const courierSchema = v.pipe(v.string(), v.trim(), v.minLength(2, 'Enter the courier, e.g. Blue Dart.'), v.maxLength(60, 'At most 60 characters.'));
export const trackingSchema = v.pipe(
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

const REPORT_PDF_MAX_BYTES = 5 * 1024 * 1024;

/** A file as the contract carries it in JSON: base64, the part of its data URL after the comma. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

export type ReportDetails = { reportUrl: string } | { reportPdf: string };

/** The report is a link, or a PDF file the customer then downloads from their dashboard. */
export function ReportForm({ kit, onPublish }: { kit: string; onPublish: (details: ReportDetails, file: File | null) => Promise<unknown> }) {
  const form = useShopForm({
    defaultValues: { reportUrl: '', reportFile: null as File | null },
    onSubmit: async ({ value }) => {
      await onPublish(value.reportFile ? { reportPdf: await base64Of(value.reportFile) } : { reportUrl: value.reportUrl.trim() }, value.reportFile);
    },
  });
  const fileId = useId();
  return (
    <form.AppForm>
      <form.Form label={`Report of ${kit}`}>
        <Flex gap="3" wrap="wrap" align="flex-end">
          <Box flex="1" minW="14rem">
            <form.AppField
              name="reportUrl"
              validators={{
                onSubmit: ({ value, fieldApi }) => {
                  if (fieldApi.form.getFieldValue('reportFile')) return value.trim() ? 'Give the link or the PDF, not both.' : undefined;
                  if (!value.trim()) return 'Give the report’s link, or choose its PDF.';
                  return firstError(v.safeParse(reportSchema, value).issues ?? []);
                },
              }}
            >
              {(field) => <field.TextField label="Report link" type="url" placeholder="https://" autoComplete="off" maxLength={500} required={false} />}
            </form.AppField>
          </Box>
          <Box flex="1" minW="14rem">
            <form.AppField
              name="reportFile"
              validators={{
                onSubmit: ({ value }) =>
                  value && (value.type !== 'application/pdf' || value.size > REPORT_PDF_MAX_BYTES) ? 'Choose a PDF file of at most 5 MB.' : undefined,
              }}
            >
              {(field) => {
                const message = firstError(field.state.meta.errors);
                return (
                  <Field.Root invalid={Boolean(message)}>
                    <Field.Label htmlFor={fileId}>or the report as a PDF</Field.Label>
                    <Input
                      id={fileId}
                      type="file"
                      accept="application/pdf"
                      pt="1.5"
                      onChange={(event) => field.handleChange(event.target.files?.[0] ?? null)}
                    />
                    {message ? <Field.ErrorText color="red.700">{message}</Field.ErrorText> : null}
                  </Field.Root>
                );
              }}
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
