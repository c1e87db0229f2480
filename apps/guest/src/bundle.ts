import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export type GuestScript = { name: string; body: string };

const bundle = async (entry: string) => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020', 'safari14'],
    write: false,
    legalComments: 'none',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error(`esbuild wrote nothing for ${entry}`);
  return output.text;
};

/** Bundles and minifies the guest pages' script once, named by its content hash. */
export const bundleGuestScript = async (): Promise<GuestScript> => {
  const body = await bundle('./client/enhance.ts');
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { name: `guest-${hash}.js`, body };
};

/** The service worker: one fixed address (`/public/sw.js`), revalidated by the browser. */
export const bundleServiceWorker = () => bundle('./client/service-worker.ts');
