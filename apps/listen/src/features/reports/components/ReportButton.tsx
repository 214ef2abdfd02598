import { ApiError, useSession } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { Link, useLocation } from '@shoal/router';
import { ErrorAlert, Modal } from '@shoal/ui';
import { type FormEvent, useId, useState } from 'react';
import { t } from '../../../i18n/browse';
import '../../search/browse-pages.css';
import { type ReportTarget, useReportTypes, useSubmitReport } from '../queries';

/**
 * "Report": a dialog to tell the moderators about an object. Signed-in listeners choose any
 * category; visitors only those the pod accepts anonymously, and leave an e-mail address
 * (product.md §5: anonymous reports may be disabled, then signing in is required).
 */
export function ReportButton({ target }: { target: ReportTarget }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="ui-button ui-button--secondary" onClick={() => setOpen(true)}>
        {t('reports.open')}
      </button>
      {open && <ReportDialog target={target} onClose={() => setOpen(false)} />}
    </>
  );
}

function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const id = useId();
  const location = useLocation();
  const signedIn = useSession((state) => state.status === 'authenticated');
  const types = useReportTypes(true);
  const submit = useSubmitReport();
  const [errors, setErrors] = useState<string[] | null>(null);
  const allowed = (types.data ?? []).filter((type) => signedIn || type.anonymous);
  const next = `${location.pathname}${location.search}${location.hash}`;

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setErrors(null);
    submit.mutate(
      {
        target,
        type: String(form.get('type') ?? ''),
        summary: String(form.get('summary') ?? ''),
        email: signedIn ? undefined : String(form.get('email') ?? ''),
      },
      {
        onSuccess: () => {
          showMessage({ content: t('reports.sent'), color: 'green' });
          onClose();
        },
        onError: (error) => setErrors(error instanceof ApiError ? error.messages : [error.message]),
      },
    );
  };

  return (
    <Modal open title={t('reports.title', { label: target.label })} closeLabel={t('common.close')} onClose={onClose}>
      {types.isPending && <p>{t('common.loading')}</p>}
      {types.isError && <ErrorAlert title={t('reports.typesFailed')} messages={[types.error.message]} />}
      {types.isSuccess && allowed.length === 0 && (
        <p>
          {t('reports.signInRequired')}{' '}
          <Link to={`/login?next=${encodeURIComponent(next)}`}>{t('reports.signIn')}</Link>
        </p>
      )}
      {allowed.length > 0 && (
        <form onSubmit={send} className="listen-form">
          <div className="ui-field">
            <label htmlFor={`${id}-type`}>{t('reports.category')}</label>
            <select id={`${id}-type`} name="type" required defaultValue={allowed[0]?.type}>
              {allowed.map((type) => (
                <option key={type.type} value={type.type}>
                  {type.label}
                </option>
              ))}
            </select>
          </div>
          <div className="ui-field">
            <label htmlFor={`${id}-summary`}>{t('reports.summary')}</label>
            <textarea id={`${id}-summary`} name="summary" rows={3} maxLength={50_000} />
          </div>
          {!signedIn && (
            <div className="ui-field">
              <label htmlFor={`${id}-email`}>{t('reports.email')}</label>
              <input
                id={`${id}-email`}
                name="email"
                type="email"
                required
                autoComplete="email"
                aria-describedby={`${id}-email-hint`}
              />
              <small id={`${id}-email-hint`} className="ui-field__hint">
                {t('reports.emailHint')}
              </small>
            </div>
          )}
          {errors && <ErrorAlert title={t('reports.failed')} messages={errors} />}
          <button type="submit" className="ui-button" disabled={submit.isPending}>
            {submit.isPending ? t('reports.sending') : t('reports.send')}
          </button>
        </form>
      )}
    </Modal>
  );
}
