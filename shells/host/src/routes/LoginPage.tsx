import { ApiError, apiRequest, loadProfile, toSameOriginPath, useSession } from '@shoal/core';
import { Navigate, useNavigate, useSearchParams } from '@shoal/router';
import { type FormEvent, useState } from 'react';

export function LoginPage() {
  const authenticated = useSession((state) => state.status === 'authenticated');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<string[]>([]);
  const [submitting, setSubmitting] = useState(false);
  const next = toSameOriginPath(params.get('next')) ?? '/library';

  // product.md §2: the login route is closed to authenticated users.
  if (authenticated && !submitting) return <Navigate to="/library" replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setErrors([]);
    try {
      await apiRequest('users/login', {
        method: 'POST',
        form: new URLSearchParams({
          username: String(form.get('username') ?? ''),
          password: String(form.get('password') ?? ''),
        }),
      });
      const session = await loadProfile();
      if (session.status !== 'authenticated') throw new ApiError(null, []);
      navigate(next, { replace: true });
    } catch (error) {
      setErrors(error instanceof ApiError ? error.messages : []);
      setSubmitting(false);
    }
  }

  return (
    <section aria-labelledby="login-title" className="host-form">
      <h1 id="login-title">Log in</h1>
      {errors.length > 0 && (
        <div className="ui-alert" role="alert">
          <p>
            <strong>We cannot log you in</strong>
          </p>
          <ul>
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={submit}>
        <div className="ui-field">
          <label htmlFor="login-username">Username or e-mail address</label>
          <input id="login-username" name="username" autoComplete="username" required />
        </div>
        <div className="ui-field">
          <label htmlFor="login-password">Password</label>
          <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <button type="submit" className="ui-button" disabled={submitting}>
          {submitting ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </section>
  );
}
