import { Link } from '@shoal/router';
import { Fragment } from 'react';
import { creditedArtists } from '../credits';
import type { ArtistCredit, ArtistRef } from '../types';

/** Each credited artist as a link, joined the way the credit reads. */
export function ArtistCreditLinks({
  object,
}: {
  object: { artist_credit?: ArtistCredit[]; artist?: ArtistRef | null };
}) {
  const credits = creditedArtists(object);
  return (
    <>
      {credits.map((credit, index) => (
        <Fragment key={`${credit.artist.id}-${credit.credit}`}>
          <Link to={`/library/artists/${credit.artist.id}`}>{credit.credit}</Link>
          {index < credits.length - 1 ? (credit.joinphrase ?? ', ') : ''}
        </Fragment>
      ))}
    </>
  );
}
