// @ts-check
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { federation } from '@module-federation/vite';
import react from '@vitejs/plugin-react';
import { sharedSingletons } from './shared.js';

/**
 * Every build writes into one folder the gateway serves: `dist/web/host` and `dist/web/apps/<name>`.
 * SHOAL_WEB_OUT moves that folder (to build a second copy while another is being served).
 */
const webDist = (/** @type {string} */ root, /** @type {string[]} */ ...parts) =>
  resolve(process.env.SHOAL_WEB_OUT ?? resolve(root, '../../dist/web'), ...parts);

/**
 * React Router publishes a development build (warnings, invariant messages) under its default export
 * conditions; production builds resolve its `dist/production` files instead, which drop that code.
 * @param {string} root
 * @param {string} mode
 */
function routerAlias(root, mode) {
  if (mode !== 'production') return [];
  const require = createRequire(resolve(root, 'package.json'));
  const packageDir = dirname(require.resolve('react-router/package.json'));
  return [{ find: /^react-router$/, replacement: resolve(packageDir, 'dist/production/index.mjs') }];
}

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
 * @param {string} mode
 * @returns {import('vite').UserConfig}
 */
export function hostConfig(root, mode) {
  return {
    root,
    base: '/',
    plugins: [react()],
    resolve: { alias: routerAlias(root, mode) },
    define: {
      __SHARED_VERSIONS__: JSON.stringify(sharedVersions(root)),
      // The federation runtime's own build-time switches (what the Module Federation plugins set for
      // `target: 'web'` and `disableSnapshot`): Shoal loads remotes in the browser only, from their
      // remoteEntry.js (no manifest, no snapshot, no preload planning), so that code is dropped.
      ENV_TARGET: JSON.stringify('web'),
      FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
    },
    build: {
      ...build(webDist(root, 'host')),
      rollupOptions: {
        output: {
          // A handful of chunks instead of dozens of tiny ones (each costs a request and its own gzip
          // overhead): React, and the shared core, router, stores, translator and the host's small
          // first-paint modules, are needed together.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|vite[\\/]preload-helper|rolldown.runtime/,
              },
              {
                name: 'core',
                test: /packages[\\/](core|router|i18n)[\\/]src|node_modules[\\/](zustand|react-router)[\\/]|host[\\/]src[\\/](i18n[\\/]|banners[\\/]banner-state|notifications[\\/]counts-store|shortcuts[\\/]actions)|packages[\\/]text[\\/]src[\\/]locales|packages[\\/]ui[\\/]src[\\/](ErrorPanel|Loading)\./,
              },
            ],
          },
        },
      },
    },
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
    resolve: { alias: routerAlias(root, mode) },
    // The gateway mounts each remote under /apps/<name>/; chunks must resolve there, not under the host's /assets/.
    base: `/apps/${name}/`,
    plugins: [
      react(),
      mode !== 'test' &&
        federation({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // The host always provides every shared library before it loads a remote, so a remote carries
          // no fallback copy of its own (which it would download on first load even though unused).
          shared: Object.fromEntries(
            Object.entries(sharedSingletons).map(([name, config]) => [name, { ...config, import: false }]),
          ),
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
