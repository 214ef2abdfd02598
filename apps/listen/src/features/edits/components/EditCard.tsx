import { ApiError, useSession } from '@shoal/core';
import { showMessage } from '@shoal/messages';
import { Link } from '@shoal/router';
import { ConfirmButton, ErrorAlert } from '@shoal/ui';
import { useState } from 'react';
import { t } from '../../../i18n/edits';
import { displayValue } from '../edit-fields';
import { type ReviewAction, useReviewEdit } from '../queries';
import { type EditKind, editStatus, type Mutation } from '../types';

export interface EditCardProps {
  mutation: Mutation;
  kind: EditKind;
  objectId: string;
  /** Where the object's edits live (`/library/albums/1/edit`). */
  basePath: string;
}

const DONE: Record<ReviewAction, 'edits.approved' | 'edits.rejected' | 'edits.deleted'> = {
  approve: 'edits.approved',
  reject: 'edits.rejected',
  delete: 'edits.deleted',
};

/**
 * One edit (product.md §3): status, author, summary and a field / old value / new value table.
 * Reviewers approve or reject a pending edit; its author or a reviewer may delete it (with
 * confirmation) until it is applied.
 */
export function EditCard({ mutation, kind, objectId, basePath }: EditCardProps) {
  const permissions = useSession((state) => state.permissions);
  const me = useSession((state) => state.profile?.full_username);
  const review = useReviewEdit(kind, objectId);
  const [errors, setErrors] = useState<string[] | null>(null);
  const status = editStatus(mutation);
  const reviewer = permissions.library;
  const mine = Boolean(me && mutation.created_by?.full_username === me);
  const shortId = mutation.uuid.slice(0, 8);
  const headingId = `edit-${mutation.uuid}`;
  const author = mutation.created_by?.full_username ?? mutation.created_by?.preferred_username ?? '';

  const act = (action: ReviewAction) => {
    setErrors(null);
    review.mutate(
      { uuid: mutation.uuid, action },
      {
        onSuccess: () => showMessage({ content: t(DONE[action]) }),
        onError: (error) => setErrors(error instanceof ApiError ? error.messages : [error.message]),
      },
    );
  };

  return (
    <article className="listen-edit ui-card" aria-labelledby={headingId}>
      <header className="listen-edit__header">
        <h3 id={headingId}>
          <Link to={`${basePath}/${mutation.uuid}`}>{t('edits.one', { id: shortId })}</Link>
        </h3>
        <span className={`listen-edit__status listen-edit__status--${status}`}>{t(`edits.status.${status}`)}</span>
      </header>
      <p className="listen-meta">
        {t('edits.by', { name: author })} {t('edits.on', { date: new Date(mutation.creation_date).toLocaleString() })}
      </p>
      {mutation.summary && <p>{mutation.summary}</p>}
      <table className="listen-table">
        <caption className="visually-hidden">{t('edits.one', { id: shortId })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('edits.field')}</th>
            <th scope="col">{t('edits.oldValue')}</th>
            <th scope="col">{t('edits.newValue')}</th>
          </tr>
        </thead>
        <tbody>
          {Object.entries(mutation.payload ?? {}).map(([field, value]) => {
            const before = displayValue(field, mutation.previous_state?.[field]?.value);
            const after = displayValue(field, value);
            return (
              <tr key={field}>
                <th scope="row">{fieldLabel(field)}</th>
                <td>{before || t('edits.empty')}</td>
                <td>{after || t('edits.empty')}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {errors && <ErrorAlert title={t('edits.actionFailed')} messages={errors} />}
      <div className="listen-actions">
        {reviewer && status === 'pending' && (
          <>
            <button type="button" className="ui-button" disabled={review.isPending} onClick={() => act('approve')}>
              {t('edits.approve')}
            </button>
            <button
              type="button"
              className="ui-button ui-button--secondary"
              disabled={review.isPending}
              onClick={() => act('reject')}
            >
              {t('edits.reject')}
            </button>
          </>
        )}
        {(reviewer || mine) && !mutation.is_applied && (
          <ConfirmButton
            title={t('edits.deleteTitle')}
            message={t('edits.deleteBody')}
            confirmLabel={t('edits.delete')}
            cancelLabel={t('menu.cancel')}
            closeLabel={t('menu.close')}
            disabled={review.isPending}
            onConfirm={() => act('delete')}
          >
            {t('edits.delete')}
          </ConfirmButton>
        )}
      </div>
    </article>
  );
}

const FIELD_LABELS: Record<string, Parameters<typeof t>[0]> = {
  title: 'edit.field.title',
  name: 'edit.field.name',
  description: 'edit.field.description',
  tags: 'edit.field.tags',
  position: 'edit.field.position',
  copyright: 'edit.field.copyright',
  license: 'edit.field.license',
  release_date: 'edit.field.release_date',
  content_category: 'edit.field.content_category',
};

function fieldLabel(field: string): string {
  const key = FIELD_LABELS[field];
  return key ? t(key) : field;
}
