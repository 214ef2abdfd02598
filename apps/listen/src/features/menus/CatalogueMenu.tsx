import { useSession } from '@shoal/core';
import { DetailMenu } from './DetailMenu';

interface MenuObject {
  id: number;
  is_local?: boolean;
  attributed_to?: { full_username?: string } | null;
}

/**
 * The actions menu of an artist, album or track page. Deleting an album or a track is offered to
 * the account it is attributed to (the real API's `DELETE albums|tracks/{id}/`, for channel
 * content); artists have no delete route.
 */
export function CatalogueMenu({
  kind,
  object,
  name,
}: {
  kind: 'artist' | 'album' | 'track';
  object: MenuObject;
  name: string;
}) {
  const me = useSession((state) => state.profile?.full_username);
  const owner = Boolean(me && object.attributed_to?.full_username === me);
  return (
    <DetailMenu
      kind={kind}
      id={object.id}
      name={name}
      isLocal={object.is_local}
      path={`/library/${kind}s/${object.id}`}
      canDelete={kind !== 'artist' && owner && object.is_local !== false}
      deleteUrl={`${kind}s/${object.id}/`}
      afterDelete="/library"
    />
  );
}
