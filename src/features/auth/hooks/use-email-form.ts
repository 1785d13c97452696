import { useState, type FormEvent } from 'react';
import { emailProblem } from '../validation';

/**
 * The state of a one-field e-mail form: the address, its problem shown at the field, a form-wide message and the
 * busy flag. `send` runs with the trimmed address once it is valid; what it throws, `failureMessage` turns into a
 * form-wide message, or into the field's message when it returns `{ field }`.
 */
export function useEmailForm(
  send: (address: string) => Promise<void>,
  failureMessage: (failure: unknown) => string | { field: string },
) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    setFormError(null);
    if (problem) return;
    setBusy(true);
    try {
      await send(email.trim());
    } catch (failure) {
      const message = failureMessage(failure);
      if (typeof message === 'string') setFormError(message);
      else setError(message.field);
    } finally {
      setBusy(false);
    }
  }

  return { email, setEmail, error, formError, busy, submit };
}
