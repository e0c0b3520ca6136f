import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressedAssets, cssModules, productionWhenBuilding, vendorChunksOf } from '../build/frontEnd';

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? {
        // the server's renderer (web/src/entry-server.tsx → dist-server/entry-server.cjs): one
        // CommonJS file with every package bundled in, which services/src/site requires as it is
        ...productionWhenBuilding(command),
        plugins: [react()],
        css: { modules: cssModules(import.meta.dirname) },
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
        plugins: [
          react(),
          // the first JavaScript of the server-rendered pages, React included (issue 41's goals: a
          // listing's 150 kB of issue 18 plus React's cost; the search forms' fields come when used)
          compressedAssets('site (web/dist)', [
            { label: 'a listing', modules: ['src/publication/PublicationPage.tsx'], goalKb: 200 },
            { label: 'the catalogue', modules: ['src/catalogue/CataloguePage.tsx'], goalKb: 220 },
            { label: 'the home page', modules: ['src/home/HomePage.tsx'], goalKb: 220 },
          ]),
        ],
        css: { modules: cssModules(import.meta.dirname) },
        base: '/',
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          chunkSizeWarningLimit: 600,
          // .vite/manifest.json: the chunks of each page's module, which the server's page preloads
          // (services/src/site/render.ts)
          manifest: true,
          // MUI's form controls apart: a listing or a catalogue does not load the sign-in's and the filters' inputs
          rolldownOptions: { output: { codeSplitting: vendorChunksOf({ formsApart: true }) } },
        },
        server: { proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' } },
      },
);
