import { ApiError, useSession } from '@shoal/core';
import { useQueryClient } from '@shoal/query';
import { Link } from '@shoal/router';
import { ConfirmButton, ErrorAlert, Loading } from '@shoal/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { t } from '../../../i18n';
import { contentKeys } from '../../common/query-keys';
import type { OwnLibrary } from '../../common/types';
import {
  childPath,
  crumbs,
  defaultReference,
  type FsImportState,
  isRunning,
  parentPath,
  useCancelFsImport,
  useFsImport,
  useStartFsImport,
} from './queries';

/** The pod's refusal in words: its own messages, or ours for a refused permission or no answer at all. */
export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) {
    if (error.status === 403) return [t('serverImport.error.permission')];
    if (error.status === null) return [t('serverImport.error.network')];
    return error.messages;
  }
  return [String(error)];
}

function statusText(state: FsImportState): string {
  return t('serverImport.status', { status: t(`serverImport.status.${state.status}`) });
}

/**
 * "Import from a server folder" on the upload page (product.md §2, Upload): browse the pod's
 * music folder, choose one of my libraries and a reference, start, then follow the status and
 * log, and cancel. Shown only to users with the library permission.
 */
export function ServerImportSection({ libraries }: { libraries: OwnLibrary[] }) {
  const allowed = useSession((state) => state.permissions.library);
  if (!allowed) return null;
  return <ServerImport libraries={libraries} />;
}

function ServerImport({ libraries }: { libraries: OwnLibrary[] }) {
  const id = useId();
  const client = useQueryClient();
  const [path, setPath] = useState('');
  const [library, setLibrary] = useState('');
  const [reference, setReference] = useState(() => defaultReference());
  const folder = useFsImport(path);
  const start = useStartFsImport();
  const cancel = useCancelFsImport();
  const listRef = useRef<HTMLUListElement>(null);
  const moved = useRef(false);

  const targets = libraries;
  const chosenLibrary = targets.some((item) => item.uuid === library) ? library : (targets[0]?.uuid ?? '');
  const current = folder.data?.import ?? null;
  const running = isRunning(current);

  // When an import ends, what it added shows up elsewhere on the page: quota, uploads, libraries.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) {
      void client.invalidateQueries({ queryKey: contentKeys.quota() });
      void client.invalidateQueries({ queryKey: [...contentKeys.all, 'uploads'] });
      void client.invalidateQueries({ queryKey: contentKeys.libraries() });
    }
    wasRunning.current = running;
  }, [running, client]);

  // After moving to another folder, keyboard focus goes to its first entry.
  const shownPath = folder.data?.path;
  useEffect(() => {
    if (!moved.current || shownPath === undefined) return;
    moved.current = false;
    listRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [shownPath]);

  const go = (next: string) => {
    moved.current = true;
    setPath(next);
  };

  const where = folder.data ? folder.data.path || t('serverImport.rootCrumb') : path || t('serverImport.rootCrumb');
  const trail = crumbs(folder.data?.path ?? path);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!folder.data || !chosenLibrary) return;
    start.mutate(
      { path: folder.data.path, library: chosenLibrary, import_reference: reference.trim() },
      { onSuccess: () => setReference(defaultReference()) },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="content-panel server-import">
      <h2 id={`${id}-title`}>{t('serverImport.title')}</h2>
      <p>{t('serverImport.intro')}</p>
      {folder.data && <p className="content-muted">{t('serverImport.root', { root: folder.data.root })}</p>}

      <nav aria-label={t('serverImport.breadcrumbs')}>
        <ol className="server-import__crumbs">
          <li>
            {trail.length === 0 ? (
              <span aria-current="location">{t('serverImport.rootCrumb')}</span>
            ) : (
              <button type="button" className="ui-link-button" onClick={() => go('')}>
                {t('serverImport.rootCrumb')}
              </button>
            )}
          </li>
          {trail.map((crumb, index) => (
            <li key={crumb.path}>
              {index === trail.length - 1 ? (
                <span aria-current="location">{crumb.name}</span>
              ) : (
                <button type="button" className="ui-link-button" onClick={() => go(crumb.path)}>
                  {crumb.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>

      {folder.isPending && <Loading label={t('common.loading')} />}
      {folder.isError && (
        <>
          <ErrorAlert title={t('serverImport.browseError')} messages={errorMessages(folder.error)} />
          {path !== '' && (
            <button type="button" className="ui-button ui-button--secondary" onClick={() => go('')}>
              {t('serverImport.rootCrumb')}
            </button>
          )}
        </>
      )}
      {folder.data && (
        <>
          <ul
            ref={listRef}
            className="server-import__list"
            aria-label={t('serverImport.folderList', { folder: where })}
          >
            {folder.data.path !== '' && (
              <li>
                <button type="button" className="ui-link-button" onClick={() => go(parentPath(folder.data.path))}>
                  <span aria-hidden="true">↰ </span>
                  {t('serverImport.up')}
                </button>
              </li>
            )}
            {folder.data.content.map((entry) =>
              entry.dir ? (
                <li key={`d:${entry.name}`}>
                  <button
                    type="button"
                    className="ui-link-button"
                    onClick={() => go(childPath(folder.data.path, entry.name))}
                  >
                    <span aria-hidden="true">📁 </span>
                    {entry.name}
                  </button>
                </li>
              ) : (
                <li key={`f:${entry.name}`} className="content-muted">
                  {t('serverImport.file', { name: entry.name })}
                </li>
              ),
            )}
          </ul>
          {folder.data.content.length === 0 && <p className="content-muted">{t('serverImport.empty')}</p>}

          {targets.length === 0 ? (
            <p>{t('serverImport.noLibrary')}</p>
          ) : (
            <form onSubmit={submit} className="content-stack">
              <p>
                <strong>{t('serverImport.chosen', { folder: where })}</strong>
              </p>
              <div className="ui-field">
                <label htmlFor={`${id}-library`}>{t('serverImport.library')}</label>
                <select id={`${id}-library`} value={chosenLibrary} onChange={(event) => setLibrary(event.target.value)}>
                  {targets.map((item) => (
                    <option key={item.uuid} value={item.uuid}>
                      {item.name} ({t(`library.visibility.${item.privacy_level}`)})
                    </option>
                  ))}
                </select>
              </div>
              <div className="ui-field">
                <label htmlFor={`${id}-reference`}>{t('serverImport.reference')}</label>
                <input
                  id={`${id}-reference`}
                  value={reference}
                  maxLength={50}
                  aria-describedby={`${id}-reference-hint`}
                  onChange={(event) => setReference(event.target.value)}
                />
                <p id={`${id}-reference-hint`} className="ui-field__hint">
                  {t('serverImport.referenceHint')}
                </p>
              </div>
              {start.isError && (
                <ErrorAlert title={t('serverImport.startError')} messages={errorMessages(start.error)} />
              )}
              <div>
                <button type="submit" className="ui-button" disabled={start.isPending || running}>
                  {start.isPending ? t('serverImport.starting') : t('serverImport.start')}
                </button>
              </div>
            </form>
          )}
        </>
      )}

      {current && (
        <section aria-labelledby={`${id}-status`} className="server-import__status">
          <h3 id={`${id}-status`}>{t('serverImport.status.title')}</h3>
          <p role="status">{statusText(current)}</p>
          <p>
            {t('serverImport.reference.value', { reference: current.reference })}{' '}
            <Link to={`/upload/all?import_reference=${encodeURIComponent(current.reference)}`}>
              {t('serverImport.seeUploads')}
            </Link>
          </p>
          {running && (
            <ConfirmButton
              title={t('serverImport.cancel.title')}
              message={t('serverImport.cancel.text')}
              confirmLabel={t('serverImport.cancel.confirm')}
              cancelLabel={t('serverImport.cancel.keep')}
              closeLabel={t('common.close')}
              onConfirm={() => cancel.mutate()}
              disabled={cancel.isPending}
            >
              {t('serverImport.cancel')}
            </ConfirmButton>
          )}
          {cancel.isError && (
            <ErrorAlert title={t('serverImport.cancelError')} messages={errorMessages(cancel.error)} />
          )}
          <h4 id={`${id}-logs`}>{t('serverImport.logs')}</h4>
          {current.logs.length === 0 ? (
            <p className="content-muted">{t('serverImport.logs.empty')}</p>
          ) : (
            // A scrolling box: keyboard users reach it to scroll it; the list inside keeps its list semantics.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: see above.
            <div className="server-import__logs" role="log" aria-labelledby={`${id}-logs`} tabIndex={0}>
              <ol>
                {current.logs.map((line, index) => (
                  // Log lines only grow at the end: their position is their identity.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above.
                  <li key={index}>{line}</li>
                ))}
              </ol>
            </div>
          )}
        </section>
      )}
    </section>
  );
}
