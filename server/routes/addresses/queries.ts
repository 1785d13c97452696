import type { DeliveryAddress, IndianState } from '../../../machines/address';
import type { Queryable } from '../../db';

interface AddressRow extends Record<string, unknown> {
  name: string;
  phone: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  pincode: string;
}

export function addressOfRow(row: AddressRow): DeliveryAddress {
  return {
    name: row.name,
    phone: row.phone,
    line1: row.line1,
    ...(row.line2 ? { line2: row.line2 } : {}),
    city: row.city,
    state: row.state as IndianState,
    pincode: row.pincode,
  };
}

export async function savedAddress(db: Queryable, userId: string): Promise<DeliveryAddress | null> {
  const [row] = await db.query<AddressRow>('SELECT name, phone, line1, line2, city, state, pincode FROM addresses WHERE user_id = $1', [userId]);
  return row ? addressOfRow(row) : null;
}

export async function saveAddress(db: Queryable, userId: string, address: DeliveryAddress): Promise<void> {
  await db.query(
    `INSERT INTO addresses (user_id, name, phone, line1, line2, city, state, pincode)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id) DO UPDATE
        SET name = EXCLUDED.name, phone = EXCLUDED.phone, line1 = EXCLUDED.line1, line2 = EXCLUDED.line2,
            city = EXCLUDED.city, state = EXCLUDED.state, pincode = EXCLUDED.pincode, updated_at = now()`,
    [userId, address.name, address.phone, address.line1, address.line2 ?? null, address.city, address.state, address.pincode],
  );
}
