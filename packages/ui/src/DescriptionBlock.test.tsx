import { instanceStore } from '@shoal/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DescriptionBlock } from './DescriptionBlock';

const labels = { none: 'No description yet.', more: 'Show more', less: 'Show less' };

beforeEach(() => instanceStore.setState({ url: 'https://pod.example/' }));
afterEach(cleanup);

describe('DescriptionBlock', () => {
  it('says so when there is no description', () => {
    render(<DescriptionBlock description={{ text: '', html: '' }} labels={labels} />);
    expect(screen.getByText('No description yet.')).toBeInTheDocument();
  });

  it('shows a short description whole, sanitised, with user links rewritten', () => {
    render(
      <DescriptionBlock
        description={{
          text: 'x',
          html: '<p>Tagged #jazz <a href="https://far.example/">site</a><img src=x onerror="alert(1)"></p>',
        }}
        labels={labels}
      />,
    );
    expect(screen.getByRole('link', { name: '#jazz' })).toHaveAttribute('href', '/library/tags/jazz');
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('target', '_blank');
    expect(document.querySelector('img')?.getAttribute('onerror')).toBeFalsy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('cuts a long description and toggles more / less', async () => {
    const user = userEvent.setup();
    const text = 'word '.repeat(60);
    render(<DescriptionBlock description={{ text, html: `<p>${text}</p>` }} labels={labels} />);
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('.ui-description__text--clamped')).not.toBeNull();
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(document.querySelector('.ui-description__text--clamped')).toBeNull();
  });
});
