/**
 * The staff order page's corrections of where an order goes: its delivery address before its kits ship, checked as
 * the checkout checks it, with the server's refusal shown in the dialog; why it can no longer be corrected once a kit
 * has shipped; and a replacement kit sent to another address.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { answers, server } from './handlers';
import { findNotice, renderShop } from './render';
import { staffKit, staffOrder } from './staff-fixtures';

type Schemas = components['schemas'];
type StaffOrder = Schemas['StaffOrder'];
type StaffKit = Schemas['StaffKit'];

const ADDRESS: Schemas['DeliveryAddress'] = { name: 'Asha Rao', phone: '9876543210', line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };
const MYSURU: Schemas['DeliveryAddress'] = { name: 'Asha Rao', phone: '9876543210', line1: '3 Sayyaji Rao Road', city: 'Mysuru', state: 'Karnataka', pincode: '570001' };

function kit(overrides: Partial<StaffKit> = {}): StaffKit {
  return staffKit({ shipAddress: null, ...overrides });
}

function orderFixture(overrides: Partial<StaffOrder> = {}): StaffOrder {
  return staffOrder({
    items: [{ _id: 'item-1', product: 'prod-1', code: 'PROD-G3G-LITE', name: 'Gut Start', price: 499900, actual_price: 999900 }],
    actual_price: 999900,
    address: ADDRESS,
    addressLocked: null,
    kits: [kit()],
    ...overrides,
  });
}

/** The order's calls as the contract describes them: the address corrected in its state, as the invoice keeps it. */
function correctionsApi(initial: StaffOrder) {
  let order = initial;
  const sent: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.get('*/api/admin/orders/:id', () => HttpResponse.json({ order })),
    http.get('*/api/admin/orders/:id/messages', () => HttpResponse.json({ items: [] })),
    http.put<{ id: string }, { address: Schemas['DeliveryAddress']; reason?: string }>('*/api/admin/orders/:id/address', async ({ request }) => {
      const body = await request.json();
      sent.push({ path: 'address', body });
      if (body.address.state !== order.address.state) {
        return HttpResponse.json<Schemas['Error']>(
          { message: `Invoice INV/26-27/000042 was issued for delivery in ${order.address.state}.`, code: 'ADDRESS_STATE_INVOICED', fields: { 'address.state': 'must stay' } },
          { status: 409 },
        );
      }
      order = { ...order, address: body.address };
      return HttpResponse.json({ order });
    }),
    http.put<{ id: string; kitId: string }, { address: Schemas['DeliveryAddress'] | null }>('*/api/admin/orders/:id/kits/:kitId/address', async ({ request, params }) => {
      const body = await request.json();
      sent.push({ path: `kits/${params.kitId}/address`, body });
      order = { ...order, kits: order.kits.map((each) => (each._id === params.kitId ? { ...each, shipAddress: body.address } : each)) };
      return HttpResponse.json({ order });
    }),
  );
  return sent;
}

beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

describe('correcting where an order goes', () => {
  it('corrects the delivery address with the checkout’s rules, and shows the server’s refusal in the dialog', async () => {
    const sent = correctionsApi(orderFixture());
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    await view.user.click(await screen.findByRole('button', { name: 'Correct the delivery address' }, { timeout: 8000 }));
    const dialog = await screen.findByTestId('address-dialog');
    expect(dialog).toHaveTextContent('Invoice INV/26-27/000042 keeps the address it was issued with, so the state stays Karnataka.');
    const pin = within(dialog).getByRole('textbox', { name: 'PIN code' });
    await view.user.clear(pin);
    await view.user.type(pin, '600002');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save the corrected address' }));
    expect(await within(dialog).findByText('600002 is a PIN code in Tamil Nadu, not Karnataka. Check the PIN code or the state.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    // Another state: the server refuses, and says why.
    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: /State or union territory/ }), 'Tamil Nadu');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save the corrected address' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Invoice INV/26-27/000042 was issued for delivery in Karnataka.');

    await view.user.selectOptions(within(dialog).getByRole('combobox', { name: /State or union territory/ }), 'Karnataka');
    for (const [label, value] of [
      ['House number and street', MYSURU.line1],
      ['City or town', MYSURU.city],
      ['PIN code', MYSURU.pincode],
    ] as const) {
      const field = within(dialog).getByRole('textbox', { name: label });
      await view.user.clear(field);
      await view.user.type(field, value);
    }
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Why (optional)' }), 'Customer called');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save the corrected address' }));
    expect(await findNotice('The delivery address of GS-2026-000042 is corrected.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ path: 'address', body: { address: MYSURU, reason: 'Customer called' } });
    expect(screen.getByRole('region', { name: 'Order' })).toHaveTextContent('Asha Rao, 3 Sayyaji Rao Road, Mysuru, Karnataka 570001 · +91 9876543210');
  });

  it('says why the address can no longer be corrected once a kit has shipped, and offers nothing to press', async () => {
    correctionsApi(orderFixture({ addressLocked: 'Gut Start (GUT-AAA1-BBB1) has shipped: the parcel is with the courier.' }));
    renderShop('/admin/order?id=order-42', { as: 'admin' });
    expect(await screen.findByTestId('address-locked', {}, { timeout: 8000 })).toHaveTextContent('Gut Start (GUT-AAA1-BBB1) has shipped: the parcel is with the courier.');
    expect(screen.queryByRole('button', { name: 'Correct the delivery address' })).not.toBeInTheDocument();
  });

  it('sends a replacement kit to another address, and back to the order’s', async () => {
    const replaced = kit({ state: 'replaced', allowedSteps: [], replacedByKitId: 'kit-2' });
    const replacement = kit({ _id: 'kit-2', boxCode: 'GUT-CCC2-DDD2', replacesKitId: 'kit-1' });
    const sent = correctionsApi(orderFixture({ kits: [replaced, replacement], addressLocked: 'Gut Start (GUT-AAA1-BBB1) has shipped.' }));
    const view = renderShop('/admin/order?id=order-42', { as: 'admin' });
    const panel = await screen.findByRole('article', { name: 'Gut Start (GUT-CCC2-DDD2)' }, { timeout: 8000 });
    expect(within(panel).getByTestId('replacement-address')).toHaveTextContent("Ships to: The order's delivery address (Bengaluru)");
    await view.user.click(within(panel).getByRole('button', { name: 'Send the replacement to another address' }));
    const dialog = await screen.findByTestId('address-dialog');
    for (const [label, value] of [
      ['House number and street', MYSURU.line1],
      ['City or town', MYSURU.city],
      ['PIN code', MYSURU.pincode],
    ] as const) {
      const field = within(dialog).getByRole('textbox', { name: label });
      await view.user.clear(field);
      await view.user.type(field, value);
    }
    await view.user.click(within(dialog).getByRole('button', { name: 'Send it to this address' }));
    expect(await findNotice('The replacement kit GUT-CCC2-DDD2 goes to Mysuru.')).toBeInTheDocument();
    expect(sent).toEqual([{ path: 'kits/kit-2/address', body: { address: MYSURU } }]);
    expect(within(panel).getByTestId('replacement-address')).toHaveTextContent('Ships to: Asha Rao, 3 Sayyaji Rao Road, Mysuru, Karnataka 570001 · +91 9876543210');

    await view.user.click(within(panel).getByRole('button', { name: 'Send the replacement to another address' }));
    await view.user.click(within(await screen.findByTestId('address-dialog')).getByRole('button', { name: "Send it to the order's address" }));
    // The first notice still stands (one at a time); the panel says where the kit goes now.
    await waitFor(() => expect(within(panel).getByTestId('replacement-address')).toHaveTextContent("Ships to: The order's delivery address (Bengaluru)"));
    expect(sent.at(-1)).toEqual({ path: 'kits/kit-2/address', body: { address: null } });
  });
});
