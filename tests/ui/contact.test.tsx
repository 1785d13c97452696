/** The contact page: the form checks what it can, sends the message, and keeps every word when sending fails. */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { catalogue } from './cart-backend';
import { answers, server } from './handlers';
import { renderShop, type ShopView } from './render';

type Input = components['schemas']['ContactMessageInput'];
type Receipt = components['schemas']['ContactMessageReceipt'];
type ErrorBody = components['schemas']['Error'];

const MESSAGE = 'My kit arrived without the return envelope. What should I do?';

/** Answers the contact call with `answer` and keeps the bodies it was sent. */
function contactApi(answer: (body: Input) => Response) {
  const sent: Input[] = [];
  server.use(
    http.post('*/api/contact-messages', async ({ request }) => {
      const body = (await request.json()) as Input;
      sent.push(body);
      return answer(body);
    }),
  );
  return sent;
}

async function fillIn({ user }: ShopView, { mobile = '' } = {}) {
  const form = await screen.findByRole('form', { name: 'Send us a message' });
  await user.type(within(form).getByLabelText(/^Full name/), 'Asha Menon');
  await user.type(within(form).getByLabelText(/^E-mail address/), 'asha@example.test');
  if (mobile) await user.type(within(form).getByLabelText(/^Mobile number/), mobile);
  await user.selectOptions(within(form).getByLabelText(/^Topic/), 'My kit, sample or pickup');
  await user.type(within(form).getByLabelText(/^Message/), MESSAGE);
  return form;
}

describe('the contact page', () => {
  beforeEach(() => {
    // Without Gut Start the offer's dialog stays shut, however long a test takes to type.
    server.use(answers.catalogue(catalogue.filter((product) => product.code !== 'PROD-G3G-LITE')));
  });

  it('gives the care team’s number, e-mail address and hours beside the form', async () => {
    renderShop('/contact-us');
    const others = await screen.findByRole('complementary', { name: 'Other ways to reach us' });
    expect(within(others).getByRole('link', { name: 'care@gut360.example' })).toHaveAttribute('href', 'mailto:care@gut360.example');
    expect(within(others).getByTestId('care-hours')).toHaveTextContent(
      'Monday to Saturday, 9 am to 7 pm IST. A message sent outside these hours is answered on the next working day.',
    );
    expect(within(others).getByRole('link', { name: '+91 80 4718 2030' })).toHaveAttribute('href', 'tel:+918047182030');
  });

  it('sends the message and shows its reference, with focus on the confirmation', async () => {
    const sent = contactApi(() => HttpResponse.json<Receipt>({ reference: 'CM-000042', receivedAt: '2026-11-26T05:00:00.000Z' }, { status: 201 }));
    const view = renderShop('/contact-us');
    const form = await fillIn(view, { mobile: '98765 43210' });
    await view.user.click(within(form).getByRole('button', { name: 'Send message' }));
    const confirmation = await screen.findByTestId('contact-sent');
    expect(confirmation).toHaveTextContent('Thank you, Asha Menon. We have your message.');
    expect(confirmation).toHaveTextContent('Your reference is CM-000042');
    expect(confirmation).toHaveTextContent('We will answer at asha@example.test.');
    expect(screen.getByRole('heading', { name: 'Thank you, Asha Menon. We have your message.' })).toHaveFocus();
    expect(sent).toEqual([{ name: 'Asha Menon', email: 'asha@example.test', mobile: '98765 43210', topic: 'kit', message: MESSAGE }]);
    await view.user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(await screen.findByRole('form', { name: 'Send us a message' })).toBeInTheDocument();
  });

  it('says at each field what to fix before sending anything', async () => {
    const sent = contactApi(() => HttpResponse.json<Receipt>({ reference: 'CM-000001', receivedAt: '2026-11-26T05:00:00.000Z' }, { status: 201 }));
    const { user } = renderShop('/contact-us');
    const form = await screen.findByRole('form', { name: 'Send us a message' });
    await user.type(within(form).getByLabelText(/^Mobile number/), '12345');
    await user.type(within(form).getByLabelText(/^Message/), 'Hi');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Please enter your full name.')).toBeInTheDocument();
    expect(within(form).getByText('Please enter your e-mail address.')).toBeInTheDocument();
    expect(within(form).getByText(/Please enter a 10-digit Indian mobile number.*Or leave it empty\./)).toBeInTheDocument();
    expect(within(form).getByText('Please choose what your message is about.')).toBeInTheDocument();
    expect(within(form).getByText('Please write a little more: at least 10 characters.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('shows what the server refused at its field', async () => {
    contactApi(() =>
      HttpResponse.json<ErrorBody>(
        { message: 'Enter a 10-digit Indian mobile number, or leave it empty.', code: 'BAD_REQUEST', fields: { mobile: 'Enter a 10-digit Indian mobile number, or leave it empty.' } },
        { status: 400 },
      ),
    );
    const view = renderShop('/contact-us');
    const form = await fillIn(view, { mobile: '98765 43210' });
    await view.user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Enter a 10-digit Indian mobile number, or leave it empty.')).toBeInTheDocument();
    expect(screen.queryByTestId('contact-sent')).not.toBeInTheDocument();
  });

  it('passes on the limit of messages an hour, keeping the message', async () => {
    contactApi(() =>
      HttpResponse.json<ErrorBody>(
        { message: 'You have sent several messages in the last hour. Please wait a while, or call us.', code: 'TOO_MANY_REQUESTS' },
        { status: 429 },
      ),
    );
    const view = renderShop('/contact-us');
    const form = await fillIn(view);
    await view.user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You have sent several messages in the last hour. Please wait a while, or call us. What you wrote is still here.',
    );
    expect(within(form).getByLabelText(/^Message/)).toHaveValue(MESSAGE);
  });

  it('keeps every word when the shop cannot be reached, and sends on the next try', async () => {
    let down = true;
    const sent = contactApi(() =>
      down ? HttpResponse.error() : HttpResponse.json<Receipt>({ reference: 'CM-000043', receivedAt: '2026-11-26T05:00:00.000Z' }, { status: 201 }),
    );
    const view = renderShop('/contact-us');
    const form = await fillIn(view);
    await view.user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/No connection.*What you wrote is still here\./);
    expect(within(form).getByLabelText(/^Message/)).toHaveValue(MESSAGE);
    down = false;
    await view.user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await screen.findByTestId('contact-sent')).toHaveTextContent('CM-000043');
    expect(sent).toHaveLength(2);
  });
});
