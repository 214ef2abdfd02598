import { Link } from '@shoal/router';
import { TRUNCATE, truncate } from '@shoal/text';
import { useState } from 'react';

export interface ActorLinkProps {
  /** The name shown (a local username or an actor's preferred username). */
  name: string;
  /** `name@domain`: the link's title, and its target for remote actors. */
  fullUsername: string;
  /** Local actors lead to `/@name`, remote ones to `/@name@domain`. */
  isLocal?: boolean;
  avatar?: { small?: string | null; medium?: string | null } | null;
  /** calls.md §9.3: names are cut at 30 characters unless told otherwise. */
  truncateAt?: number;
}

/** A stable colour per name, so the same person keeps the same initial badge everywhere. */
export function initialColor(name: string): string {
  let hash = 0;
  for (const character of name) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) % 360;
  return `hsl(${hash} 55% 35%)`;
}

/**
 * A user or actor link (product.md §2, Global surfaces): the avatar's small crop, the medium crop if
 * that fails, else a coloured circle with the first letter; then the name, titled with the full username.
 */
export function ActorLink({
  name,
  fullUsername,
  isLocal = true,
  avatar,
  truncateAt = TRUNCATE.actorName,
}: ActorLinkProps) {
  const sources = [avatar?.small, avatar?.medium].filter((source): source is string => Boolean(source));
  const [failed, setFailed] = useState(0);
  const source = sources[failed];
  return (
    <Link className="ui-actor-link" to={`/@${isLocal ? name : fullUsername}`} title={fullUsername}>
      {source ? (
        <img
          className="ui-avatar"
          src={source}
          alt=""
          width={24}
          height={24}
          onError={() => {
            console.info('Image failed to load!');
            setFailed(failed + 1);
          }}
        />
      ) : (
        <span className="ui-avatar ui-avatar--initial" style={{ background: initialColor(name) }} aria-hidden="true">
          {Array.from(name)[0]?.toUpperCase() ?? '?'}
        </span>
      )}
      <span>{truncate(name, truncateAt)}</span>
    </Link>
  );
}
