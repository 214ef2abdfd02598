import { MemoryRouter } from '@shoal/router';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActorLink, initialColor } from './ActorLink';

afterEach(cleanup);

const renderLink = (props: Parameters<typeof ActorLink>[0]) =>
  render(
    <MemoryRouter>
      <ActorLink {...props} />
    </MemoryRouter>,
  );

describe('ActorLink', () => {
  it('links a local user to /@name, titled with the full username', () => {
    renderLink({ name: 'alice', fullUsername: 'alice@pod.example' });
    const link = screen.getByRole('link', { name: /alice/ });
    expect(link).toHaveAttribute('href', '/@alice');
    expect(link).toHaveAttribute('title', 'alice@pod.example');
  });

  it('links a remote actor with its domain and cuts long names at 30 characters', () => {
    const name = 'a'.repeat(40);
    renderLink({ name, fullUsername: `${name}@far.example`, isLocal: false });
    expect(screen.getByRole('link')).toHaveAttribute('href', `/@${name}@far.example`);
    expect(screen.getByText(`${'a'.repeat(30)}…`)).toBeInTheDocument();
  });

  it('falls back from the small crop to the medium crop, then to a coloured initial', () => {
    const { container } = renderLink({
      name: 'bob',
      fullUsername: 'bob@pod.example',
      avatar: { small: '/small.png', medium: '/medium.png' },
    });
    const image = () => container.querySelector('img');
    expect(image()).toHaveAttribute('src', '/small.png');
    fireEvent.error(image() as HTMLImageElement);
    expect(image()).toHaveAttribute('src', '/medium.png');
    fireEvent.error(image() as HTMLImageElement);
    expect(image()).toBeNull();
    expect(container.querySelector('.ui-avatar--initial')).toHaveTextContent('B');
  });

  it('gives each name a stable colour', () => {
    expect(initialColor('carol')).toBe(initialColor('carol'));
    expect(initialColor('carol')).not.toBe(initialColor('dave'));
  });
});
