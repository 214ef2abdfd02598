// @ts-check
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { sharedSingletons } from './shared.js';

/**
 * Every build writes into one folder the gateway serves: `dist/web/host` and `dist/web/apps/<name>`.
 * SHOAL_WEB_OUT moves that folder (to build a second copy while another is being served).
 */
const webDist = (/** @type {string} */ root, /** @type {string[]} */ ...parts) =>
  resolve(process.env.SHOAL_WEB_OUT ?? resolve(root, '../../dist/web'), ...parts);

const build = (/** @type {string} */ outDir, /** @type {Record<string, string> | undefined} */ input = undefined) => ({
  outDir,
  ...(input ? { rollupOptions: { input } } : {}),
  emptyOutDir: true,
  target: 'es2022',
  modulePreload: { polyfill: false },
});

// Unit tests run without federation: federated imports are not resolvable outside a browser page.
const test = { environment: 'jsdom' };

/**
 * The installed version of each shared library, as the host announces it to the federation runtime.
 * @param {string} root
 */
function sharedVersions(root) {
  const require = createRequire(resolve(root, 'package.json'));
  return Object.fromEntries(
    Object.keys(sharedSingletons).map((name) => [name, require(`${name}/package.json`).version]),
  );
}

/**
 * The host is a plain Vite build: it paints its own pages without any federation code, and starts
 * the Module Federation runtime (`@module-federation/runtime-core`) only when a route needs a
 * remote, handing it the libraries it already loaded as the shared singletons.
 * @param {string} root
 * @param {string} _mode
 * @returns {import('vite').UserConfig}
 */
export function hostConfig(root, _mode) {
  return {
    root,
    base: '/',
    plugins: [react()],
    define: { __SHARED_VERSIONS__: JSON.stringify(sharedVersions(root)) },
    build: build(webDist(root, 'host')),
    // @ts-expect-error `test` is read by Vitest and ignored by Vite.
    test,
  };
}

/**
 * @typedef {{ name: 'listen' | 'content' | 'settings' | 'manage', exposes: Record<string, string> }} RemoteBuildOptions
 * @param {string} root
 * @param {string} mode
 * @param {RemoteBuildOptions} options
 * @returns {import('vite').UserConfig}
 */
export function remoteConfig(root, mode, { name, exposes }) {
  return {
    root,
    // The gateway mounts each remote under /apps/<name>/; chunks must resolve there, not under the host's /assets/.
    base: `/apps/${name}/`,
    plugins: [
      react(),
      mode !== 'test' &&
        federation({
          name,
          filename: 'remoteEntry.js',
          exposes,
          shared: sharedSingletons,
          dts: false,
          manifest: false,
          disableSnapshot: true,
          // A remote never loads other remotes (architecture rule), so it needs no remote loader.
          disableRemote: true,
          // Use the copies the host already runs rather than the highest version on offer.
          shareStrategy: 'loaded-first',
          // The host publishes its federation runtime, so remotes need not ship a second copy.
          experiments: { externalRuntime: true },
        }),
    ],
    // A remote has no page of its own: its only entry is the federation's remoteEntry.js.
    build: build(webDist(root, 'apps', name), {}),
    // @ts-expect-error `test` is read by Vitest and ignored by Vite.
    test,
  };
}
