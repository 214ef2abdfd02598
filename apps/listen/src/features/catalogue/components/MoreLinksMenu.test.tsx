import { markAnonymous, setProfile } from '@shoal/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { MoreLinksMenu } from './MoreLinksMenu';

afterEach(() => {
  cleanup();
  markAnonymous();
});

describe('MoreLinksMenu', () => {
  it('offers the wiki and MusicBrainz to everyone, opening and closing by keyboard', async () => {
    const user = userEvent.setup();
    render(<MoreLinksMenu kind="album" id={3} name="Low Water" mbid="abc" />);
    const button = screen.getByRole('button', { name: 'More' });
    expect(screen.queryByRole('link')).toBeNull();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'View on MusicBrainz' })).toHaveAttribute(
      'href',
      'https://musicbrainz.org/release/abc',
    );
    expect(screen.getByRole('link', { name: 'Search on Wikipedia' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByRole('link', { name: /admin site|moderation/ })).toBeNull();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('adds the admin site and the moderation interface by permission', async () => {
    setProfile({
      id: 1,
      username: 'admin',
      full_username: 'admin@pod',
      permissions: { settings: true, library: true },
    });
    const user = userEvent.setup();
    render(<MoreLinksMenu kind="track" id={9} name="Tide" />);
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('link', { name: 'Open in the admin site' })).toHaveAttribute(
      'href',
      '/api/admin/music/track/9',
    );
    expect(screen.getByRole('link', { name: 'Open in the moderation interface' })).toHaveAttribute(
      'href',
      '/manage/library/tracks/9',
    );
  });
});
