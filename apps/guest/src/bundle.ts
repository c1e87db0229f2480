import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export type GuestScript = { name: string; body: string };

/** Bundles and minifies the guest pages' script once, named by its content hash. */
export const bundleGuestScript = async (): Promise<GuestScript> => {
  const result = await build({
    entryPoints: [fileURLToPath(new URL('./client/enhance.ts', import.meta.url))],
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['es2020', 'safari14'],
    write: false,
    legalComments: 'none',
  });
  const body = result.outputFiles[0]!.text;
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { name: `guest-${hash}.js`, body };
};
