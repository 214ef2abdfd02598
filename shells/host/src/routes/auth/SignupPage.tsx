import { apiRequest, loadProfile } from '@shoal/core';
import { Link, useNavigate, useSearchParams } from '@shoal/router';
import { ErrorAlert, ErrorPanel, Loading, TextField } from '@shoal/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { fetchSignupSettings, type SignupSettings } from '../../instance/instance-settings';
import { t } from './accounts-i18n';
import { useSubmit } from './use-submit';

type Outcome = 'signed-in' | 'awaiting-approval' | 'confirm-email';

function SignupOutcome({ outcome }: { outcome: Exclude<Outcome, 'signed-in'> }) {
  return (
    <p className="ui-success" role="status">
      {outcome === 'awaiting-approval' ? t('auth.signup.awaitingApproval') : t('auth.signup.confirmEmail')}
    </p>
  );
}

export function SignupPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [settings, setSettings] = useState<SignupSettings | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const { sending, errors, result, run } = useSubmit<Outcome>();
  const invitation = params.get('invitation') ?? '';

  useEffect(() => {
    fetchSignupSettings().then(setSettings, () => setLoadFailed(true));
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!settings) return;
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '');
    const requestFields = Object.fromEntries(
      settings.fields.map((field, index) => [field.label, value(`extra-${index}`)]),
    );
    void run(async () => {
      await apiRequest('auth/registration/', {
        method: 'POST',
        json: {
          username: value('username'),
          email: value('email'),
          password1: value('password'),
          password2: value('password'),
          ...(value('invitation') ? { invitation: value('invitation') } : {}),
          ...(settings.fields.length > 0 ? { request_fields: requestFields } : {}),
        },
      });
      if (settings.approvalRequired) return 'awaiting-approval';
      const session = await loadProfile();
      return session.status === 'authenticated' ? 'signed-in' : 'confirm-email';
    }).then((outcome) => {
      if (outcome === 'signed-in') navigate('/library', { replace: true });
    });
  }

  if (loadFailed) {
    return <ErrorPanel title={t('auth.signup.loadFailed')} onRetry={() => window.location.reload()} />;
  }
  if (!settings) return <Loading label={t('auth.signup.loading')} />;

  const closed = !settings.registrationEnabled && !invitation;
  return (
    <section aria-labelledby="signup-title" className="host-form">
      <h1 id="signup-title">{t('auth.signup.title')}</h1>
      {result && result !== 'signed-in' ? (
        <SignupOutcome outcome={result} />
      ) : (
        <form onSubmit={submit}>
          {closed && <p>{t('auth.signup.byInvitation')}</p>}
          {settings.approvalRequired && <p>{t('auth.signup.moderated')}</p>}
          {settings.helpText && <p>{settings.helpText}</p>}
          {errors && <ErrorAlert title={t('auth.signup.failed')} messages={errors} />}
          <TextField
            id="signup-username"
            name="username"
            label={t('auth.signup.username')}
            autoComplete="username"
            required
          />
          <TextField
            id="signup-email"
            name="email"
            type="email"
            label={t('auth.signup.email')}
            autoComplete="email"
            required
          />
          <TextField
            id="signup-password"
            name="password"
            type="password"
            label={t('auth.signup.password')}
            autoComplete="new-password"
            required
          />
          {(closed || invitation) && (
            <TextField
              id="signup-invitation"
              name="invitation"
              label={t('auth.signup.invitation')}
              defaultValue={invitation}
              hint={t('auth.signup.invitationHint')}
              required={closed}
            />
          )}
          {settings.fields.map((field, index) =>
            field.input_type === 'long_text' ? (
              <div className="ui-field" key={field.label}>
                <label htmlFor={`signup-extra-${index}`}>{field.label}</label>
                <textarea id={`signup-extra-${index}`} name={`extra-${index}`} required={field.required} />
              </div>
            ) : (
              <TextField
                key={field.label}
                id={`signup-extra-${index}`}
                name={`extra-${index}`}
                label={field.label}
                required={field.required}
              />
            ),
          )}
          <button type="submit" className="ui-button" disabled={sending}>
            {sending ? t('auth.signup.submitting') : t('auth.signup.submit')}
          </button>
        </form>
      )}
      <p>
        {t('auth.signup.haveAccount')} <Link to="/login">{t('auth.signup.logIn')}</Link>
      </p>
    </section>
  );
}
