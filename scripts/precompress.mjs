// Writes `.br` and `.gz` beside every text asset of the built front end, so the gateway can serve
// precompressed files without compressing on each request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

const root = process.argv[2] ?? 'dist/web';
let count = 0;
for await (const path of files(root)) {
  const source = await readFile(path);
  if ((await stat(path)).size < 512) continue;
  const br = brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(source, { level: 9 });
  if (br.length < source.length) await writeFile(`${path}.br`, br);
  if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
  count += 1;
}
console.log(`precompressed ${count} files under ${root}`);
