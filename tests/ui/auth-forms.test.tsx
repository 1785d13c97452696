/**
 * The sign-in pages' own checks, which run before anything is sent to Firebase or the API: every problem is shown
 * at its field, in words that say what to do.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { answers, server } from './handlers';
import { renderShop } from './render';

const RULES = 'At least 8 characters, with at least one letter and one number.';

// The offer dialog opens 3 s after load and hides the page; these tests are about the forms.
beforeEach(() => {
  server.use(answers.catalogueWithoutOffer());
});

function form(name: string) {
  return screen.getByRole('form', { name });
}

describe('/register', () => {
  it('says, by the button, that creating an account accepts the terms and the privacy policy, with links to both', async () => {
    renderShop('/register');
    const register = within(await screen.findByRole('form', { name: 'Create your account' }));
    const sentence = register.getByText(/^By creating an account you agree to the/);
    expect(sentence).toHaveTextContent(/^By creating an account you agree to the Terms and Conditions and the Privacy Policy\.$/);
    expect(within(sentence).getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
    expect(within(sentence).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    // Read before the account is made: the sentence comes before the button.
    const button = register.getByRole('button', { name: 'Create account' });
    expect(sentence.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the password rules before anything is typed, and each problem at its field', { timeout: 20_000 }, async () => {
    const { user } = renderShop('/register');
    await screen.findByRole('heading', { name: 'Create your account' });
    const register = within(form('Create your account'));
    expect(register.getByText(RULES)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up with Google' })).toBeInTheDocument();

    await user.type(register.getByLabelText(/Full name/), 'K');
    await user.type(register.getByLabelText(/E-mail address/), 'kavya@');
    await user.type(register.getByLabelText(/Mobile number/), '12345');
    await user.type(register.getByLabelText(/^Password/), 'password');
    await user.click(register.getByRole('button', { name: 'Create account' }));

    expect(register.getByText('Please enter your full name.')).toBeInTheDocument();
    expect(register.getByText('Please enter a valid e-mail address, like name@example.com.')).toBeInTheDocument();
    expect(register.getByText('Please enter a 10-digit Indian mobile number, like 98765 43210.')).toBeInTheDocument();
    expect(register.getByText(`The password is too weak. ${RULES}`)).toBeInTheDocument();
    expect(register.getByLabelText(/Mobile number/)).toHaveAttribute('aria-invalid', 'true');
    expect(localStorage.getItem('authToken')).toBeNull();

    // The keyboard is taken to the first field with a problem, and then to the next one left.
    await waitFor(() => expect(register.getByLabelText(/Full name/)).toHaveFocus());
    await user.type(register.getByLabelText(/Full name/), 'avya Iyer');
    await user.click(register.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(register.getByLabelText(/E-mail address/)).toHaveFocus());
  });
});

describe('/verify-otp', () => {
  it('refuses a number that is not an Indian mobile at the field', async () => {
    const { user } = renderShop('/verify-otp');
    await screen.findByRole('heading', { name: 'Sign in with your phone' });
    const send = within(form('Send me a code'));
    await user.type(send.getByLabelText(/Mobile number/), '5551234');
    await user.click(send.getByRole('button', { name: 'Send code' }));
    expect(send.getByText('Please enter a 10-digit Indian mobile number, like 98765 43210.')).toBeInTheDocument();
  });
});

describe('/forgot-password and /login', () => {
  it('asks for a valid address before sending a reset link', async () => {
    const { user } = renderShop('/forgot-password');
    await screen.findByRole('heading', { name: 'Reset your password' });
    const reset = within(form('Reset your password'));
    await user.click(reset.getByRole('button', { name: 'Send reset link' }));
    expect(reset.getByText('Please enter your e-mail address.')).toBeInTheDocument();
  });

  it('offers Google, the phone, an e-mail link and the reset on /login', async () => {
    const { user } = renderShop('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with your phone' })).toHaveAttribute('href', '/verify-otp');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
    await user.click(screen.getByRole('button', { name: 'Sign in without a password: e-mail me a link' }));
    const link = within(form('E-mail me a sign-in link'));
    await user.click(link.getByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(link.getByText('Please enter your e-mail address.')).toBeInTheDocument();
  });
});
