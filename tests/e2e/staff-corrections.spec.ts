/**
 * Corrections by staff against the real stack, as the demo admin at both widths: a customer placed an order with a
 * mistyped delivery address; the admin corrects it on the order's page and the customer's order shows the corrected
 * one. Once paid, the demo warehouse ships the kit at once, and the order's page says why its address can no longer
 * be corrected. On the customer's page the admin corrects their name and e-mail address, confirming the change of
 * how they sign in; the person then signs in with the new address.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { callApi, registerPerson, signInFresh } from './shopping';
import { ACCOUNTS, expect, expectNoSeriousAxeViolations, keepScreenshot, notice, openPage, startSignedIn, test } from './support';

const TYPED = { name: 'Nandini Rao', phone: '9845012345', line1: '7, 3rd Cross, Malleswaram', city: 'Bengaluru', state: 'Karnataka', pincode: '560003' };

/** The signed-in customer of `page` places an order for one kit, not paid yet, through the API the checkout uses. */
async function placeOrder(page: Page, code: string): Promise<{ _id: string; number: string }> {
  await callApi(page, 'PUT', '/api/address', TYPED);
  const { data: products } = await callApi<{ data: Array<{ _id: string; code: string }> }>(page, 'GET', '/api/products');
  await callApi(page, 'POST', '/api/cart/items', { productId: products.find((product) => product.code === code)!._id });
  const { cart } = await callApi<{ cart: { version: number; price: number } }>(page, 'GET', '/api/cart');
  const { order } = await callApi<{ order: { _id: string; number: string } }>(
    page,
    'POST',
    '/api/orders',
    { cartVersion: cart.version, cartPrice: cart.price },
    { 'idempotency-key': randomUUID() },
  );
  return order;
}

/** The customer pays the order through the test gateway, as the checkout does. */
async function pay(page: Page, orderId: string): Promise<void> {
  const { gatewayOrderId } = await callApi<{ gatewayOrderId: string }>(page, 'POST', `/api/orders/${orderId}/payment`, {});
  const signed = await callApi<Record<string, string>>(page, 'POST', '/api/payments/test-gateway', { gatewayOrderId, outcome: 'success' });
  const paid = await callApi<{ order: { status: string } }>(page, 'POST', '/api/payments/verify', signed);
  expect(paid.order.status).toBe('paid');
}

test('an admin corrects an order’s address before it ships and a customer’s name and e-mail address', async ({ newContext, page }, testInfo) => {
  test.setTimeout(240_000);
  const buyer = await registerPerson('Nandini Rao', 'correct');
  await signInFresh(page, buyer.email, '/');
  const order = await placeOrder(page, 'PROD-G3G-LITE');

  const staff = await newContext({ viewport: testInfo.project.use.viewport ?? null });
  const admin = await staff.newPage();
  await startSignedIn(admin, ACCOUNTS.admin, { path: `/admin/order?id=${order._id}` });
  await expect(admin.getByRole('heading', { level: 1, name: `Order ${order.number}` })).toBeVisible();

  // The address before the kit ships: the checkout's rules, then the corrected one.
  await admin.getByRole('button', { name: 'Correct the delivery address' }).click();
  const dialog = admin.getByTestId('address-dialog');
  await expect(dialog.getByRole('heading', { name: `Correct the delivery address of ${order.number}` })).toBeVisible();
  await dialog.getByLabel('House number and street').fill('12, Sayyaji Rao Road');
  await dialog.getByLabel('City or town').fill('Mysuru');
  await dialog.getByLabel('PIN code').fill('600002');
  await dialog.getByRole('button', { name: 'Save the corrected address' }).click();
  await expect(dialog).toContainText('600002 is a PIN code in Tamil Nadu, not Karnataka. Check the PIN code or the state.');
  await dialog.getByLabel('PIN code').fill('570001');
  await dialog.getByLabel('Why (optional)').fill('The customer called: wrong house and city');
  await keepScreenshot(dialog, testInfo, 'correct-order-address');
  await expectNoSeriousAxeViolations(admin, testInfo);
  await dialog.getByRole('button', { name: 'Save the corrected address' }).click();
  await expect(notice(admin, `The delivery address of ${order.number} is corrected.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('region', { name: 'Order' })).toContainText('Nandini Rao, 12, Sayyaji Rao Road, Mysuru, Karnataka 570001 · +91 9845012345');
  await expect(admin.getByTestId('staff-audit')).toContainText('order.addressCorrected by Asha Admin');
  await expect(admin.getByTestId('staff-audit')).toContainText('Reason: The customer called: wrong house and city');

  // The customer sees the corrected address on their order.
  await openPage(page, `/user/orders`);
  await page.getByTestId('order-link').first().click();
  await expect(page.locator('address', { hasText: 'Nandini Rao' })).toHaveText('Nandini Rao, 12, Sayyaji Rao Road, Mysuru, Karnataka 570001 · +91 9845012345');

  // Paid, the kit leaves the demo warehouse at once: the address can no longer be corrected, and the page says why.
  await pay(page, order._id);
  await admin.reload();
  await expect(admin.getByTestId('address-locked')).toContainText(/Gut Start \(GUT-[A-Z0-9]{4}-[A-Z0-9]{4}\) has shipped: the parcel is with the courier/);
  await expect(admin.getByRole('button', { name: 'Correct the delivery address' })).toHaveCount(0);
  await keepScreenshot(admin, testInfo, 'order-address-locked', { around: admin.getByTestId('address-locked') });

  // The customer's name and e-mail address, from their page.
  await admin.getByTestId('staff-order-customer').click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Nandini Rao' })).toBeVisible();
  await admin.getByRole('button', { name: 'Correct name, e-mail or mobile' }).click();
  const correct = admin.getByTestId('correct-profile-dialog');
  await correct.getByLabel('Full name').fill('Nandini S. Rao');
  const newEmail = `nandini-${randomUUID()}@example.test`;
  await correct.getByLabel('E-mail address').fill(newEmail);
  await correct.getByLabel('Why (optional)').fill('Asked by phone');
  await keepScreenshot(correct, testInfo, 'correct-profile');
  await correct.getByRole('button', { name: 'Save the correction' }).click();
  const confirm = admin.getByTestId('confirm-email-change');
  await expect(confirm).toContainText(`Nandini Rao will sign in with ${newEmail} instead of ${buyer.email}, which stops working at once`);
  await keepScreenshot(confirm, testInfo, 'confirm-email-change');
  await expectNoSeriousAxeViolations(admin, testInfo);
  await confirm.getByRole('button', { name: 'Change the e-mail address' }).click();
  await expect(notice(admin, 'Corrected the name and e-mail address.')).toBeVisible();
  await expect(admin.getByRole('heading', { level: 1, name: 'Nandini S. Rao' })).toBeVisible();
  const profile = admin.getByRole('region', { name: 'Profile' });
  await expect(profile).toContainText(`${newEmail} not confirmed`);
  await expect(admin.getByRole('region', { name: /^History/ })).toContainText('user.corrected by Asha Admin');
  await keepScreenshot(admin, testInfo, 'customer-corrected', { fromTop: true });

  // The person signs in with the new address, to the same account.
  const later = await newContext({ viewport: testInfo.project.use.viewport ?? null });
  const again = await later.newPage();
  await signInFresh(again, newEmail, '/');
  await openPage(again, '/user/orders');
  await expect(again.getByTestId('order-link').first()).toContainText(order.number);
});
