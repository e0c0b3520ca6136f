import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compressedAssets, productionWhenBuilding, vendorChunksOf } from '../build/frontEnd';

// The browser runs the site's components on Preact's React layer: the server renders them with React
// (the same markup), the browser hydrates them with 11 kB of Preact instead of React's 68 kB
const PREACT = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

/**
 * Every module's `@emotion/serialize` and `@emotion/utils` are web/src/app/hydrationStyles.ts (which
 * itself reads the packages): a styled component's styles are not computed while a render hydrates
 * the server's markup, whose classes Preact keeps. The browser's build only: the server renders
 * with React.
 */
function stylesDeferredWhileHydrating(): Plugin {
  const wrapper = fileURLToPath(new URL('./src/app/hydrationStyles.ts', import.meta.url));
  return {
    name: 'styles-deferred-while-hydrating',
    enforce: 'pre',
    apply: 'build',
    resolveId: (source, importer) =>
      (source === '@emotion/serialize' || source === '@emotion/utils') && importer !== wrapper
        ? wrapper
        : null,
  };
}

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
        plugins: [
          react(),
          stylesDeferredWhileHydrating(),
          // the first JavaScript of the server-rendered pages: issue 18's goal for a listing, and
          // ceilings against a regression for the others (their search forms bring MUI's inputs)
          compressedAssets('site (web/dist)', [
            { label: 'a listing', modules: ['src/publication/PublicationPage.tsx'], goalKb: 150 },
            { label: 'the catalogue', modules: ['src/catalogue/CataloguePage.tsx'], goalKb: 205 },
            { label: 'the home page', modules: ['src/home/HomePage.tsx'], goalKb: 205 },
          ]),
        ],
        base: '/',
        resolve: { alias: PREACT },
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
