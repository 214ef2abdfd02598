import { useSession } from '@shoal/core';
import { Link, useParams } from '@shoal/router';
import { EmptyState } from '@shoal/ui';
import '../edits.css';
import { t } from '../../../i18n/edits';
import { QueryStatus } from '../../catalogue/components/QueryStatus';
import { EditCard } from '../components/EditCard';
import { EditForm } from '../components/EditForm';
import { EditList } from '../components/EditList';
import { editRights } from '../permissions';
import { useEdit, useEditableObject } from '../queries';
import type { EditableObject, EditKind } from '../types';

function objectName(object: EditableObject): string {
  return 'name' in object ? object.name : object.title;
}

/**
 * `/library/{artists|albums|tracks}/:id/edit` and `…/edit/:editId`: the edit (or suggestion)
 * form with the recent edits, or one edit. Remote objects cannot be edited.
 */
export default function EditPage({ kind }: { kind: EditKind }) {
  const { id = '', editId } = useParams();
  const status = useSession((state) => state.status);
  const permissions = useSession((state) => state.permissions);
  const object = useEditableObject(kind, id);
  const objectPath = `/library/${kind}s/${encodeURIComponent(id)}`;
  const basePath = `${objectPath}/edit`;
  return (
    <QueryStatus query={object} failedTitle={t('edit.failed')}>
      {(data) => {
        const name = objectName(data as EditableObject);
        const rights = editRights({ status, permissions }, data);
        return (
          <section aria-labelledby="edit-title" className="listen-edit-page">
            <p>
              <Link to={objectPath}>{t('edit.back', { name })}</Link>
            </p>
            <h1 id="edit-title">
              {rights.edit || !rights.suggest ? t('edit.title', { name }) : t('edit.suggestTitle', { name })}
            </h1>
            {editId ? (
              <SingleEdit kind={kind} objectId={id} uuid={editId} basePath={basePath} />
            ) : status !== 'authenticated' ? (
              <EmptyState title={t('edit.signIn')} />
            ) : data.is_local === false ? (
              <EmptyState title={t('edit.remote')} />
            ) : (
              <EditForm kind={kind} object={data as EditableObject} apply={rights.edit} basePath={basePath} />
            )}
            {status === 'authenticated' && <EditList kind={kind} objectId={id} basePath={basePath} />}
          </section>
        );
      }}
    </QueryStatus>
  );
}

function SingleEdit({
  kind,
  objectId,
  uuid,
  basePath,
}: {
  kind: EditKind;
  objectId: string;
  uuid: string;
  basePath: string;
}) {
  const edit = useEdit(uuid);
  return (
    <>
      <QueryStatus query={edit} failedTitle={t('edits.failed')}>
        {(mutation) => <EditCard mutation={mutation} kind={kind} objectId={objectId} basePath={basePath} />}
      </QueryStatus>
      <p>
        <Link to={basePath}>{t('edits.viewAll')}</Link>
      </p>
    </>
  );
}
