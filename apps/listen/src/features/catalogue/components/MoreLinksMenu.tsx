import { useSession } from '@shoal/core';
import { type KeyboardEvent, useId, useState } from 'react';
import { t } from '../../../i18n';

export type MoreLinksKind = 'artist' | 'album' | 'track' | 'channel';

export interface MoreLinksMenuProps {
  kind: MoreLinksKind;
  /** The object's id; for a channel, its uuid. */
  id: number | string;
  /** A channel's composite name (`name@domain`), which the moderation interface's channel page takes. */
  composite?: string | null;
  /** What to look up on the wiki: the name or title. */
  name: string;
  mbid?: string | null;
  isLocal?: boolean;
}

/** MusicBrainz names releases and recordings differently from this pod (channels have no MusicBrainz id). */
const MUSICBRAINZ_PATH: Record<MoreLinksKind, string> = {
  artist: 'artist',
  album: 'release',
  track: 'recording',
  channel: 'artist',
};

/** The pod's admin site: catalogue objects by id; channels (no id in the API) by a uuid filter of the list. */
function adminHref(kind: MoreLinksKind, id: number | string): string {
  const key = encodeURIComponent(String(id));
  return kind === 'channel' ? `/api/admin/audio/channel/?uuid=${key}` : `/api/admin/music/${kind}/${key}`;
}

/**
 * The detail pages' "More" menu (product.md §2): external music database, wiki search, and — by
 * permission — the admin site and the moderation interface. A disclosure: a button that shows a
 * list of links, closed again with Escape.
 */
export function MoreLinksMenu({ kind, id, composite, name, mbid, isLocal = true }: MoreLinksMenuProps) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const permissions = useSession((state) => state.permissions);
  const links: { href: string; label: string; external: boolean }[] = [];
  if (mbid && kind !== 'channel') {
    links.push({
      href: `https://musicbrainz.org/${MUSICBRAINZ_PATH[kind]}/${encodeURIComponent(mbid)}`,
      label: t('more.musicbrainz'),
      external: true,
    });
  }
  links.push({
    href: `https://en.wikipedia.org/w/index.php?search=${encodeURIComponent(name)}`,
    label: t('more.wiki'),
    external: true,
  });
  if (permissions.settings) {
    links.push({ href: adminHref(kind, id), label: t('more.admin'), external: true });
  }
  if (permissions.library && isLocal) {
    const key = encodeURIComponent(String(kind === 'channel' ? (composite ?? id) : id)).replace(/%40/g, '@');
    links.push({ href: `/manage/library/${kind}s/${key}`, label: t('more.moderation'), external: false });
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
    }
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape closes the disclosure from its button or any of its links
    <div className="listen-more" onKeyDown={onKeyDown}>
      <button
        type="button"
        className="ui-button ui-button--secondary"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
      >
        {t('more.button')}
      </button>
      <ul id={menuId} className="listen-more__list" hidden={!open}>
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} {...(link.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
