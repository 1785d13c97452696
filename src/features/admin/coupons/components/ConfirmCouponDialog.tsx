import ConfirmDialog from '@/components/staff/ConfirmDialog';
import type { Pending } from './labels';

/** Asks before ending or deleting a coupon, saying what it does; neither can be undone. */
export default function ConfirmCouponDialog({ pending, busy, error, onConfirm, onClose }: { pending: Pending; busy: boolean; error: string | null; onConfirm: () => void; onClose: () => void }) {
  const { coupon, action } = pending;
  return (
    <ConfirmDialog
      testId="coupon-confirm"
      title={action === 'end' ? `End ${coupon.code} now?` : `Delete ${coupon.code}?`}
      text={
        action === 'end'
          ? coupon.status === 'scheduled'
            ? 'It has not started yet, so it is switched off: no cart will take it. Orders keep what they were given.'
            : 'It stops working at once: carts holding it lose its discount, and no one can apply it again. Orders already placed keep their discount. This cannot be undone; make a new coupon to offer it again.'
          : 'It has never been used, so it is removed for good, and carts holding it lose it. This cannot be undone.'
      }
      confirmLabel={action === 'end' ? 'End now' : 'Delete'}
      busyLabel={action === 'end' ? 'Ending…' : 'Deleting…'}
      cancelLabel="Keep it"
      tone="destructive"
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
    />
  );
}
