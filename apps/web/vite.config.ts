import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server (apps/api) listens here in development; `npm run dev` starts both.
const API_SERVER = 'http://localhost:3000';

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);

/**
 * Writes `dist/build.json` with the build id compiled into the app. The server reads it and sends it
 * back in `x-carta-build` on every API answer, so a browser still running an older build notices.
 */
const buildIdFile = (build: string): Plugin => ({
  name: 'carta-build-id',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'build.json', source: `${JSON.stringify({ build })}\n` });
  },
});

export default defineConfig(({ command }) => {
  // Time first so ids sort by age when someone reads logs; the random part keeps two builds in the same
  // millisecond apart.
  const build = command === 'build' ? `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}` : 'dev';
  return {
    root,
    plugins: [react(), buildIdFile(build)],
    define: { __CARTA_BUILD__: JSON.stringify(build) },
    server: {
      proxy: { '/api': API_SERVER, '/public': API_SERVER, '/files': API_SERVER },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          // Libraries change far less often than the app: in chunks of their own, a deployment does not
          // make browsers download them again.
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
                priority: 2,
              },
              { name: 'mui', test: /node_modules[\\/](@mui|@emotion|@popperjs|notistack)[\\/]/, priority: 1 },
              // Only the menu builder drags: its library loads with those screens, not with the login.
              { name: 'drag', test: /node_modules[\\/]@dnd-kit[\\/]/, priority: 3 },
              { name: 'libraries', test: /node_modules[\\/]/ },
            ],
          },
        },
      },
    },
  };
});
