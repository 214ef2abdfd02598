import { clearInstanceUrl, setInstanceUrl, setPodGeneration, toSameOriginPath, useInstance } from '@shoal/core';
import { probeInstance } from '@shoal/core/auth-flows';
import { useNavigate, useSearchParams } from '@shoal/router';
import { type FormEvent, useState } from 'react';
import { t } from './auth/accounts-i18n';

export function InstanceChooserPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const known = useInstance((state) => state.known);
  const current = useInstance((state) => state.url);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const next = toSameOriginPath(params.get('next')) ?? '/library';

  async function choose(raw: string) {
    setChecking(true);
    setError(null);
    const probe = await probeInstance(raw);
    setChecking(false);
    if (!probe.ok) {
      if (probe.reason === 'invalid-url') {
        // calls.md §8.2: an invalid instance URL is logged and the base URL cleared.
        console.error('Invalid instance URL', raw);
        clearInstanceUrl();
      }
      setError(probe.reason === 'invalid-url' ? t('auth.chooser.invalid') : t('auth.chooser.notAPod'));
      return;
    }
    setInstanceUrl(probe.url);
    setPodGeneration(probe.url, probe.nodeinfo.software.version);
    navigate(next, { replace: true });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void choose(String(new FormData(event.currentTarget).get('instance') ?? ''));
  }

  return (
    <section aria-labelledby="chooser-title" className="host-form">
      <h1 id="chooser-title">{t('auth.chooser.title')}</h1>
      {current && <p>{t('auth.chooser.current', { instance: current })}</p>}
      <form onSubmit={submit}>
        <div className="ui-field">
          <label htmlFor="instance-url">{t('auth.chooser.address')}</label>
          <input id="instance-url" name="instance" type="url" placeholder="https://pod.example.org" required />
        </div>
        {error && (
          <p className="ui-alert" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="ui-button" disabled={checking}>
          {checking ? t('auth.chooser.checking') : t('auth.chooser.submit')}
        </button>
      </form>
      {known.length > 0 && (
        <>
          <h2>{t('auth.chooser.known')}</h2>
          <ul>
            {known.map((url) => (
              <li key={url}>
                <button type="button" className="ui-button ui-button--secondary" onClick={() => void choose(url)}>
                  {url}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
