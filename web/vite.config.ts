import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressedAssets, productionWhenBuilding, vendorChunks } from '../build/frontEnd';

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? {
        // the server's renderer (web/src/entry-server.tsx → dist-server/entry-server.cjs): one
        // CommonJS file with every package bundled in, which services/src/site requires as it is
        ...productionWhenBuilding(command),
        plugins: [react()],
        ssr: { noExternal: true, target: 'node' },
        build: {
          outDir: 'dist-server',
          emptyOutDir: true,
          ssr: 'src/entry-server.tsx',
          copyPublicDir: false,
          minify: false,
          rolldownOptions: {
            output: { format: 'cjs', entryFileNames: 'entry-server.cjs', codeSplitting: false },
          },
        },
      }
    : {
        // `vite build` is the production build whatever NODE_ENV the shell has (see build/frontEnd.ts)
        ...productionWhenBuilding(command),
        plugins: [react(), compressedAssets('site (web/dist)')],
        base: '/',
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          chunkSizeWarningLimit: 600,
          rolldownOptions: { output: { codeSplitting: vendorChunks } },
        },
        server: { proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' } },
      },
);
