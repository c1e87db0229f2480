// `npm start`: builds the owner app if it is missing or older than its sources, then runs the server
// (API, owner app, guest pages) in this process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtMarker = path.join(root, 'apps/web/dist/build.json');

const newestModification = (directory) => {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestModification(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
};

const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contract/src',
].map((relative) => path.join(root, relative));
const isBuildCurrent =
  existsSync(builtMarker) &&
  statSync(builtMarker).mtimeMs >=
    Math.max(
      ...sources
        .filter(existsSync)
        .map((source) =>
          statSync(source).isDirectory() ? newestModification(source) : statSync(source).mtimeMs,
        ),
    );

if (!isBuildCurrent) {
  console.log('Building the owner app...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.chdir(root);
const { register } = await import('tsx/esm/api');
register({ tsconfig: path.join(root, 'tsconfig.runtime.json') });
await import('../apps/api/src/main.ts');
