import { apiRequest } from '@shoal/core';
import { Link, useSearchParams } from '@shoal/router';
import { ErrorAlert, TextField } from '@shoal/ui';
import type { FormEvent } from 'react';
import { useSubmit } from './use-submit';

export function PasswordResetPage() {
  const [params] = useSearchParams();
  const { sending, errors, result, run } = useSubmit<true>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    void run(async () => {
      await apiRequest('auth/password/reset/', { method: 'POST', json: { email } });
      return true;
    });
  }

  return (
    <section aria-labelledby="reset-title" className="host-form">
      <h1 id="reset-title">Reset your password</h1>
      {result ? (
        <p className="ui-success" role="status">
          If an account uses this address, a message with a link to choose a new password is on its way. Check your
          inbox.
        </p>
      ) : (
        <form onSubmit={submit}>
          {errors && <ErrorAlert title="We cannot send the reset link" messages={errors} />}
          <TextField
            id="reset-email"
            name="email"
            type="email"
            label="E-mail address"
            autoComplete="email"
            defaultValue={params.get('email') ?? ''}
            required
          />
          <button type="submit" className="ui-button" disabled={sending}>
            {sending ? 'Sending…' : 'Send me a reset link'}
          </button>
        </form>
      )}
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
    </section>
  );
}
