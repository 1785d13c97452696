/**
 * Corrects the courier or tracking number of a parcel already shipped: the fields start with what the customer was
 * sent, and the dialog shows the correction e-mail they will receive.
 */
import { Stack } from '@chakra-ui/react/stack';
import { useStore } from '@tanstack/react-form';
import * as v from 'valibot';
import ConfirmDialog from '@/components/staff/ConfirmDialog';
import { useShopForm } from '@/components/ui/form';
import { trackingCorrectedMessage } from './customer-messages';
import { courierSchema, trackingSchema } from './StepForms';
import { StepMessagePreview } from './StepMessagePreview';

const noteSchema = v.pipe(v.string(), v.trim(), v.maxLength(500, 'At most 500 characters.'));

export interface ShipmentCorrectionValues {
  courier: string;
  trackingNumber: string;
  reason?: string | undefined;
}

interface ShipmentDialogProps {
  /** The kits of the parcel, as staff read them. */
  kits: string;
  orderNumber: string;
  email: string | null;
  current: { courier: string; trackingNumber: string };
  busy: boolean;
  error: string | null;
  onConfirm: (values: ShipmentCorrectionValues) => void;
  onClose: () => void;
}

export function ShipmentDialog({ kits, orderNumber, email, current, busy, error, onConfirm, onClose }: ShipmentDialogProps) {
  const form = useShopForm({
    defaultValues: { courier: current.courier, trackingNumber: current.trackingNumber, reason: '' },
    onSubmit: ({ value }) =>
      onConfirm({ courier: value.courier.trim(), trackingNumber: value.trackingNumber.trim(), ...(value.reason.trim() ? { reason: value.reason.trim() } : {}) }),
  });
  const values = useStore(form.store, (state) => state.values);
  const unchanged = values.courier.trim() === current.courier && values.trackingNumber.trim() === current.trackingNumber;
  return (
    <ConfirmDialog
      testId="shipment-dialog"
      title="Correct the tracking number?"
      text={`The parcel of ${kits} was sent as ${current.courier}, tracking number ${current.trackingNumber}. Correct what was mistyped: the customer’s order then shows the corrected one.`}
      confirmLabel="Correct and e-mail the customer"
      busyLabel="Correcting…"
      asForm
      confirmDisabled={unchanged}
      busy={busy}
      error={error}
      onConfirm={() => void form.handleSubmit()}
      onClose={onClose}
    >
      <Stack gap="3">
        <form.AppField name="courier" validators={{ onSubmit: courierSchema }}>
          {(field) => <field.TextField label="Courier" autoComplete="off" maxLength={60} />}
        </form.AppField>
        <form.AppField name="trackingNumber" validators={{ onSubmit: trackingSchema }}>
          {(field) => <field.TextField label="Tracking number" autoComplete="off" maxLength={40} />}
        </form.AppField>
        <form.AppField name="reason" validators={{ onSubmit: noteSchema }}>
          {(field) => <field.TextField label="Why (for the audit log)" autoComplete="off" maxLength={500} required={false} />}
        </form.AppField>
        <StepMessagePreview
          email={email}
          message={
            unchanged
              ? null
              : trackingCorrectedMessage(orderNumber, values.courier.trim(), values.trackingNumber.trim(), `${current.courier}, ${current.trackingNumber}`)
          }
        />
      </Stack>
    </ConfirmDialog>
  );
}
