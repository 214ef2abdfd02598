import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorker } from '../app/service-worker';
import Banners from './Banners';
import { bannerStore, captureUnexpectedErrors } from './banner-state';

class FakeTarget extends EventTarget {}

/** A service worker container whose registration finds a new version installing. */
function fakeServiceWorker() {
  const installing = Object.assign(new FakeTarget(), { state: 'installing', postMessage: vi.fn() });
  const registration = Object.assign(new FakeTarget(), { waiting: null, installing });
  const container = Object.assign(new FakeTarget(), {
    controller: {},
    register: vi.fn(async () => registration),
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return { installing, registration, container };
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the consent is answered, so only the banner under test shows.
  document.cookie = 'allow-tracing=no; path=/';
  bannerStore.setState({ waitingWorker: null, unexpectedError: false });
});
afterEach(() => {
  cleanup();
  // biome-ignore lint/suspicious/noDocumentCookie: clean-up.
  document.cookie = 'allow-tracing=; path=/; max-age=0';
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('banners', () => {
  it('offers a new version once its worker is installed: later hides it, update activates it', async () => {
    const user = userEvent.setup();
    const { installing, registration, container } = fakeServiceWorker();
    registerServiceWorker();
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledWith('/serviceWorker.js', { scope: '/' }));
    await act(async () => {});
    render(<Banners />);
    expect(screen.queryByText('A new version of Shoal is available.')).not.toBeInTheDocument();

    act(() => {
      registration.dispatchEvent(new Event('updatefound'));
      installing.state = 'installed';
      installing.dispatchEvent(new Event('statechange'));
    });
    expect(screen.getByText('A new version of Shoal is available.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByText('A new version of Shoal is available.')).not.toBeInTheDocument();

    act(() => installing.dispatchEvent(new Event('statechange')));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(installing.postMessage).toHaveBeenCalledWith('skipWaiting');
  });

  it('raises the unexpected-error banner for an error nothing handled, not for a failed image', async () => {
    const user = userEvent.setup();
    const target = new FakeTarget() as unknown as Window;
    captureUnexpectedErrors(target);
    render(<Banners />);
    act(() => {
      target.dispatchEvent(new Event('error'));
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => {
      target.dispatchEvent(new ErrorEvent('error', { message: 'boom' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('An unexpected error occurred');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks a fresh visitor for the reporting consent, and keeps the answer in the allow-tracing cookie', async () => {
    const user = userEvent.setup();
    // biome-ignore lint/suspicious/noDocumentCookie: a fresh visitor has not answered.
    document.cookie = 'allow-tracing=; path=/; max-age=0';
    render(<Banners />);
    const region = screen.getByRole('region', { name: 'Announcements' });
    expect(region).toHaveTextContent('May Shoal send a report to the pod when something goes wrong?');

    await user.click(screen.getByRole('button', { name: 'Deny' }));
    expect(document.cookie).toContain('allow-tracing=no');
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
  });
});
