import { instanceStore } from '@shoal/core';
import { MemoryRouter, Route, Routes, useLocation } from '@shoal/router';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePod, resetClientState } from './auth/testing/fake-pod';
import { InstanceChooserPage } from './InstanceChooserPage';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/instance-chooser" element={<InstanceChooserPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const NODEINFO = { status: 200, body: { version: '2.1', software: { name: 'funkwhale', version: '1.4.0' } } };

describe('InstanceChooserPage', () => {
  beforeEach(() => resetClientState('https://old.example/'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks the address by reading its nodeinfo, then uses it and goes on', async () => {
    const sent = fakePod({ 'GET instance/nodeinfo/2.1/': NODEINFO });
    const user = userEvent.setup();
    renderAt('/instance-chooser?next=%2Fsearch');
    expect(screen.getByText('You are using https://old.example/.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Pod address'), 'https://pod.example');
    await user.click(screen.getByRole('button', { name: 'Use this pod' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/search');
    expect(sent[0]?.path).toBe('instance/nodeinfo/2.1/');
    expect(instanceStore.getState().url).toBe('https://pod.example/');
    expect(instanceStore.getState().known).toContain('https://pod.example/');
  });

  it('refuses an address that answers but is not a pod, and keeps the current pod', async () => {
    fakePod({ 'GET instance/nodeinfo/2.1/': { status: 200, body: { hello: 'world' } } });
    const user = userEvent.setup();
    renderAt('/instance-chooser');
    await user.type(screen.getByLabelText('Pod address'), 'https://blog.example');
    await user.click(screen.getByRole('button', { name: 'Use this pod' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Cannot connect to this address: it is not a pod, or the server might be down.',
    );
    expect(instanceStore.getState().url).toBe('https://old.example/');
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('logs an invalid address and clears the base URL', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sent = fakePod({});
    const user = userEvent.setup();
    renderAt('/instance-chooser');
    await user.type(screen.getByLabelText('Pod address'), 'ftp://pod.example');
    await user.click(screen.getByRole('button', { name: 'Use this pod' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a valid address.');
    expect(logged).toHaveBeenCalledWith('Invalid instance URL', 'ftp://pod.example');
    expect(instanceStore.getState().url).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('offers the pods used before, and switches with one press', async () => {
    instanceStore.setState({ url: 'https://old.example/', known: ['https://other.example/'] });
    fakePod({ 'GET instance/nodeinfo/2.1/': NODEINFO });
    const user = userEvent.setup();
    renderAt('/instance-chooser');
    expect(screen.getByRole('heading', { name: 'Pods you used before' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'https://other.example/' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/library');
    expect(instanceStore.getState().url).toBe('https://other.example/');
  });
});
