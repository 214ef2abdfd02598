import { instanceStore } from '@shoal/core';
import { QueryProvider, queryClient } from '@shoal/query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import EmbedWizard from './EmbedWizard';

function nodeinfo(anonymousCanListen: boolean) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ metadata: { library: { anonymousCanListen } } }))),
  );
}

// A pod address per test: the page keeps one nodeinfo read per address (the shared nodeinfo query).
let podNumber = 0;
beforeEach(() => {
  podNumber += 1;
  instanceStore.setState({ url: `https://pod-${podNumber}.example/` });
});
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function renderWizard() {
  return render(
    <QueryProvider>
      <EmbedWizard kind="album" id={3} name="Low Water" origin="https://shoal.example" />
    </QueryProvider>,
  );
}

const code = () => screen.getByLabelText('Embed code') as HTMLTextAreaElement;

describe('EmbedWizard', () => {
  it('builds the snippet from the chosen width and height, with a live preview', async () => {
    nodeinfo(true);
    const user = userEvent.setup();
    renderWizard();
    expect(code().value).toBe(
      '<iframe width="100%" height="400" scrolling="no" frameborder="no" title="Shoal player: Low Water" src="https://shoal.example/embed?type=album&id=3"></iframe>',
    );
    const preview = screen.getByTitle('Player preview') as HTMLIFrameElement;
    expect(preview.getAttribute('src')).toBe('https://shoal.example/embed?type=album&id=3');
    expect(preview.style.height).toBe('400px');

    await user.click(screen.getByRole('radio', { name: 'Medium (250 px)' }));
    await user.selectOptions(screen.getByLabelText('Width unit'), 'pixels');
    expect(screen.getByLabelText('Width')).toHaveValue(600);
    await user.clear(screen.getByLabelText('Width'));
    await user.type(screen.getByLabelText('Width'), '480');
    expect(code().value).toContain('width="480" height="250"');
    expect(preview.style.width).toBe('480px');
    expect(preview.style.height).toBe('250px');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('explains a bad width and keeps the last good snippet', async () => {
    nodeinfo(true);
    const user = userEvent.setup();
    renderWizard();
    const width = screen.getByLabelText('Width');
    await user.clear(width);
    await user.type(width, '150');
    expect(width).toHaveAttribute('aria-invalid', 'true');
    expect(width).toHaveAccessibleDescription('The width can be at most 100.');
    // Typing went through 15, the last good width.
    expect(code().value).toContain('width="15%"');
    // The height still applies while the width is being fixed.
    await user.click(screen.getByRole('radio', { name: 'Small (150 px)' }));
    expect(code().value).toContain('width="15%" height="150"');
    await user.clear(width);
    await user.type(width, '75');
    expect(width).not.toHaveAttribute('aria-invalid');
    expect(code().value).toContain('width="75%" height="150"');
  });

  it('copies the snippet and confirms it', async () => {
    nodeinfo(true);
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWizard();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(code().value);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(screen.getByText('The embed code is copied to the clipboard.')).toBeInTheDocument();
  });

  it('hands Escape pressed inside the preview on to the page, where the dialog listens', () => {
    nodeinfo(true);
    renderWizard();
    const preview = screen.getByTitle('Player preview') as HTMLIFrameElement;
    fireEvent.load(preview);
    const pageKeys: string[] = [];
    const listen = (event: KeyboardEvent) => pageKeys.push(event.key);
    document.addEventListener('keydown', listen, true);
    const inner = preview.contentDocument;
    expect(inner).not.toBeNull();
    inner?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    inner?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    document.removeEventListener('keydown', listen, true);
    expect(pageKeys).toEqual(['Escape']);
  });

  it('warns when the pod keeps visitors out', async () => {
    nodeinfo(false);
    renderWizard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Visitors will not be able to play this player');
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/v1/instance/nodeinfo/2.1/'), expect.anything());
  });
});
