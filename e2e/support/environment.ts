import { resolve } from 'node:path';

/** Where the suite finds the real gateway and the built front end; CI builds both before the run. */
export const repositoryRoot = resolve(import.meta.dirname, '../..');
export const gatewayBinary = process.env.SHOAL_BIN ?? resolve(repositoryRoot, 'target/debug/shoal');
export const webDir = process.env.SHOAL_WEB ?? resolve(repositoryRoot, 'dist/web');
export const dataRoot = resolve(repositoryRoot, 'e2e/.data');
export const mainPort = Number(process.env.SHOAL_E2E_PORT ?? 18080);
export const baseURL = `http://127.0.0.1:${mainPort}`;
export const demoPassword = 'shoal-e2e-demo-password';

/** Debian's Chromium, started the way this machine allows (no sandbox as root, no outside traffic). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
  ],
};
