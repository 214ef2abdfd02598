import { useSession } from '@shoal/core';
import { useQueryClient } from '@shoal/query';
import { DescriptionBlock, type DescriptionPayload } from '@shoal/ui';
import type { RichText } from '../../catalogue/types';
import { editRights } from '../permissions';
import { createEdit, objectKey } from '../queries';
import { editKeys } from '../query-keys';
import type { EditKind } from '../types';
import { descriptionLabels, editorLabels } from './labels';

export interface EditableDescriptionProps {
  kind: EditKind;
  id: number;
  description: RichText | null | undefined;
  isLocal?: boolean;
}

/**
 * A catalogue object's description block. Artists, albums and tracks take no PATCH in the real
 * API, so people who may edit (library permission, local object) save through an applied edit
 * (`{kind}s/{id}/mutations/`, calls.md §7.3's payload `{content_type, text}` or null); everyone
 * else sees display mode only.
 */
export function EditableDescription({ kind, id, description, isLocal }: EditableDescriptionProps) {
  const status = useSession((state) => state.status);
  const permissions = useSession((state) => state.permissions);
  const client = useQueryClient();
  const rights = editRights({ status, permissions }, { is_local: isLocal });
  const key = String(id);
  const save = (value: DescriptionPayload) =>
    createEdit({ kind, id: key, payload: { description: value }, apply: true });
  const onUpdated = () => {
    void client.invalidateQueries({ queryKey: objectKey(kind, key) });
    void client.invalidateQueries({ queryKey: editKeys.all });
  };
  return (
    <DescriptionBlock
      description={description}
      labels={descriptionLabels()}
      canUpdate={rights.edit}
      save={save}
      onUpdated={onUpdated}
      editorLabels={editorLabels()}
    />
  );
}
