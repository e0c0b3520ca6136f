/// <reference types="node" />
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, extname, join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin, UserConfig } from 'vite';

/**
 * What both front ends' Vite configs share (web/vite.config.ts, cabinet/vite.config.ts): a build
 * that is the production build whatever NODE_ENV the shell has, vendor chunks, and brotli and gzip
 * files written beside every text asset, whose sizes the build prints.
 */

/**
 * `vite build` always makes the production build. Vite decides development or production from
 * process.env.NODE_ENV when the shell sets it (NODE_ENV=development gave React's development
 * build, `jsxDEV` and StrictMode's double effects to every visitor); the config is read before
 * that decision, so setting it here wins. `vite dev` is left as it is.
 */
export function productionWhenBuilding(command: 'build' | 'serve'): Pick<UserConfig, 'mode' | 'define'> {
  if (command !== 'build') return {};
  process.env.NODE_ENV = 'production';
  return { mode: 'production', define: { 'process.env.NODE_ENV': JSON.stringify('production') } };
}

/** node_modules packages → the vendor chunk they belong to; everything else is split by the app's own dynamic imports. */
const VENDOR_CHUNKS: [chunk: string, packages: RegExp][] = [
  ['react', /^(react|react-dom|scheduler)$/],
  // the router apart: a page without routes (the cabinet's sign-in) does not load it
  ['router', /^(react-router|react-router-dom|cookie|set-cookie-parser)$/],
  [
    'mui',
    /^(@mui\/(material|system|styled-engine|utils|private-theming|core-downloads-tracker|icons-material|types)|@emotion\/.*|@popperjs\/core|react-transition-group|stylis|hoist-non-react-statics|clsx|prop-types|react-is|@babel\/runtime)$/,
  ],
  [
    'react-admin',
    /^(react-admin|ra-.*|@tanstack\/.*|react-hook-form|@hookform\/.*|lodash|inflection|query-string|decode-uri-component|filter-obj|split-on-first|jsonexport|react-dropzone|attr-accept|file-selector|react-error-boundary|eventemitter3|date-fns|dompurify|node-polyglot|warning|has|object\.entries|function-bind)$/,
  ],
  // what the date pickers and the charts share: its own chunk, so the dashboard's charts do not load the pickers
  ['mui-x-shared', /^(@mui\/x-internals|@base-ui\/utils|reselect|use-sync-external-store)$/],
  ['date-pickers', /^(@mui\/x-date-pickers|dayjs)$/],
  [
    'charts',
    /^(@mui\/x-charts|@mui\/x-charts-vendor|d3-.*|internmap|delaunator|robust-predicates|flatqueue|bezier-easing)$/,
  ],
];

/**
 * MUI's form controls, tabs, steppers, menus and alerts: a chunk apart from the rest of MUI
 * (`formsApart`), loaded by the screens that have a form or a filter, not by a page that only shows.
 */
const MUI_FORMS =
  /\/@mui\/material\/esm\/(Autocomplete|useAutocomplete|Select|NativeSelect|TextField|InputBase|Input|FilledInput|OutlinedInput|InputLabel|InputAdornment|FormControl|FormLabel|FormHelperText|FormControlLabel|FormGroup|TextareaAutosize|Tabs|Tab|TabScrollButton|TabIndicator|Switch|Slider|Checkbox|Radio|RadioGroup|ToggleButton|ToggleButtonGroup|Menu|MenuList|MenuItem|Stepper|Step|StepLabel|StepIcon|StepConnector|StepContent|StepButton|Alert|AlertTitle|ListSubheader|Rating|Pagination|PaginationItem|usePagination|internal\/SwitchBase|utils\/isMuiElement)\//;
/**
 * MUI's overlays (dialogs, drawers, popovers, menus' paper, snackbars, tooltips and the transitions
 * that only they use): a chunk apart (`formsApart`), loaded when a page first opens one.
 */
const MUI_OVERLAYS =
  /\/(@mui\/material\/esm\/(Modal|Dialog|DialogTitle|DialogContent|DialogContentText|DialogActions|Popover|Popper|Drawer|Snackbar|SnackbarContent|Slide|Unstable_TrapFocus|Backdrop|Fade|Grow|Zoom|Portal|ClickAwayListener|Tooltip|Avatar|List|ListItem|ListItemButton|ListItemText|ListItemIcon|ListItemAvatar|CircularProgress|LinearProgress)|@popperjs\/core)\//;
/** @mui/system and its kin at the top of node_modules: a newer major that only MUI X (the date pickers) uses */
const MUI_X_BASE = /\/node_modules\/@mui\/(system|utils|private-theming|styled-engine|types)\//;
const NESTED_IN_MATERIAL = /\/node_modules\/@mui\/material\/node_modules\//;

/** The package a module id belongs to (the innermost node_modules), e.g. '@mui/material'. */
function packageOf(id: string): string | null {
  const path = id.replace(/\\/g, '/');
  const at = path.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const [scope, name] = path.slice(at + '/node_modules/'.length).split('/');
  return scope.startsWith('@') ? `${scope}/${name}` : scope;
}

/**
 * CSS modules' class names, the same in the browser's build and the server renderer's (they must be:
 * the server's markup carries them) and in every build of the same sources: the file's name, the
 * class, and a hash of the file's path under the front end (two files of one name stay apart).
 */
export function cssModules(frontEnd: string): NonNullable<UserConfig['css']>['modules'] {
  return {
    generateScopedName: (local: string, file: string) => {
      const path = relative(frontEnd, file.split('?')[0]).split('\\').join('/');
      const hash = createHash('sha256').update(path).digest('base64url').slice(0, 5);
      return `${basename(path, '.module.css')}_${local}_${hash}`;
    },
  };
}

/**
 * Rolldown's code splitting: one chunk per vendor group, so a change to the app does not change the
 * libraries' files (cached for a year). A group also takes the dependencies of what it captures,
 * so the groups go in order of priority: React first, then MUI, react-admin, the date pickers, and
 * the charts last (only the dashboard loads them), each keeping only what the earlier ones left.
 */
export function vendorChunksOf({ byPage = false, mergeBelow = 0, formsApart = false } = {}) {
  const slash = (id: string) => id.replace(/\\/g, '/');
  return {
    groups: [
      ...(formsApart
        ? [
            {
              name: 'mui-forms',
              // after MUI (60), which leaves it only the form controls
              priority: 55,
              test: (id: string) => MUI_FORMS.test(slash(id)),
            },
            {
              name: 'mui-overlays',
              // after MUI (60), which leaves it only the overlays
              priority: 57,
              test: (id: string) => MUI_OVERLAYS.test(slash(id)),
            },
            {
              name: 'date-pickers',
              // after MUI X's own (40), before the date pickers (30)
              priority: 35,
              test: (id: string) => MUI_X_BASE.test(slash(id)) && !NESTED_IN_MATERIAL.test(slash(id)),
            },
          ]
        : []),
      ...VENDOR_CHUNKS.map(([name, packages], index) => ({
        name,
        priority: (VENDOR_CHUNKS.length + 1 - index) * 10,
        test: (id: string) => {
          const pkg = packageOf(id);
          if (formsApart && name === 'mui' && MUI_OVERLAYS.test(slash(id))) return false;
          // the site's icons go with the parts that draw them: the share menu's and the footer's
          // messenger icons are not in a listing's first JavaScript
          if (formsApart && name === 'mui' && pkg === '@mui/icons-material') return false;
          if (formsApart && name === 'mui' && (MUI_FORMS.test(slash(id)) || MUI_X_BASE.test(slash(id))))
            return NESTED_IN_MATERIAL.test(slash(id)) && !MUI_FORMS.test(slash(id));
          return pkg !== null && packages.test(pkg);
        },
        // MUI and react-admin by the pages that use them: a page of a few components (the cabinet's
        // sign-in, its dashboard) loads those, not the tables, forms and dialogs of the other screens;
        // no part joins a neighbour (rolldown's merge threshold 0): merged parts brought the other
        // screens' code into the dashboard (at 100 kB 381 kB of JavaScript, at 10 kB 428 kB once the
        // employees, invoices and agency screens came, instead of 338 kB); the price is more files,
        // which the entry preloads in parallel
        ...(byPage && (name === 'mui' || name === 'react-admin')
          ? { entriesAware: true, entriesAwareMergeThreshold: mergeBelow }
          : {}),
      })),
      // the shared client (@estate/client, a workspace linked as source): one chunk, which the first
      // page needs whole (sign-in, formats), instead of a file for each of its modules
      // (the chats' and the profile's views apart: only their pages load them; with `formsApart` the
      // code entry too)
      {
        name: 'client',
        priority: 10,
        test: (id: string) => {
          const path = id.replace(/\\/g, '/');
          return (
            path.includes('/client/src/') &&
            !path.includes('/client/src/chatView/') &&
            !path.includes('/client/src/profileView/') &&
            // the SMS code's step (its inputs) with the forms that ask for it, when those are apart
            !(formsApart && path.includes('/client/src/codeEntry/'))
          );
        },
      },
    ],
  };
}
export const vendorChunks = vendorChunksOf();

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.txt',
  '.map',
  '.webmanifest',
  '.xml',
  '.ico',
]);

/** kilobytes of 1,000 bytes, as Vite prints them */
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * A screen's initial JavaScript: the entry's file and every file it imports statically, plus, for a
 * screen loaded on demand, the chunks of its own modules (`modules`, paths under the app's root) and
 * theirs. Printed gzipped beside its goal after each build.
 */
export type InitialScreen = { label: string; modules: string[]; goalKb: number };

/**
 * Brotli's quality: 11, the smallest files, for production; the test run builds with 5
 * (BROTLI_QUALITY=5, test/run.mjs), the same files at a fiftieth of the time (3.5 s of a 7 s build).
 */
const brotliQuality = Number(process.env.BROTLI_QUALITY ?? 11);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
 * the build, which the server sends with Content-Encoding when the browser accepts it
 * (services/src/core/staticFiles.ts), and prints every file's raw and compressed size, and the
 * initial JavaScript of each screen named, failing the build when a screen is over its goal.
 */
export function compressedAssets(app: string, screens: InitialScreen[] = []): Plugin {
  let outDir = 'dist';
  let root = '';
  /** each JavaScript file's static imports and the module it is the facade of, from the bundle */
  const graph = new Map<string, { imports: string[]; facade: string | null; entry: boolean }>();
  return {
    name: 'estate:compressed-assets',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      root = config.root;
    },
    writeBundle(_options, bundle) {
      for (const [file, output] of Object.entries(bundle))
        if (output.type === 'chunk')
          graph.set(file, {
            imports: output.imports,
            facade: output.facadeModuleId ? relative(root, output.facadeModuleId).replace(/\\/g, '/') : null,
            entry: output.isEntry,
          });
    },
    closeBundle() {
      const rows: { file: string; raw: number; gzip: number; brotli: number }[] = [];
      for (const path of filesUnder(outDir)) {
        if (!COMPRESSIBLE.has(extname(path))) continue;
        const content = readFileSync(path);
        const gzip = gzipSync(content, { level: 9 });
        const brotli = brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        });
        writeFileSync(`${path}.gz`, gzip);
        writeFileSync(`${path}.br`, brotli);
        rows.push({
          file: relative(outDir, path),
          raw: content.length,
          gzip: gzip.length,
          brotli: brotli.length,
        });
      }
      rows.sort((a, b) => b.raw - a.raw);
      const width = Math.max(...rows.map((r) => r.file.length), 4);
      const line = (file: string, raw: string, gzip: string, brotli: string) =>
        `  ${file.padEnd(width)}  ${raw.padStart(10)}  ${gzip.padStart(10)}  ${brotli.padStart(10)}`;
      const total = (pick: (r: (typeof rows)[number]) => number, only = (_: string) => true) =>
        rows.filter((r) => only(r.file)).reduce((sum, r) => sum + pick(r), 0);
      const js = (file: string) => file.endsWith('.js');
      console.log(`\n${app}: sizes of the build (raw, gzip, brotli)`);
      console.log(line('file', 'raw', 'gzip', 'brotli'));
      for (const r of rows) console.log(line(r.file, kb(r.raw), kb(r.gzip), kb(r.brotli)));
      console.log(
        line(
          'all JavaScript',
          kb(total((r) => r.raw, js)),
          kb(total((r) => r.gzip, js)),
          kb(total((r) => r.brotli, js)),
        ),
      );
      console.log(
        line('everything', kb(total((r) => r.raw)), kb(total((r) => r.gzip)), kb(total((r) => r.brotli))),
      );
      const gzipOf = new Map(rows.map((r) => [r.file.replace(/\\/g, '/'), r.gzip]));
      const closure = (files: string[]) => {
        const seen = new Set<string>();
        const visit = (file: string) => {
          if (seen.has(file)) return;
          seen.add(file);
          for (const next of graph.get(file)?.imports ?? []) visit(next);
        };
        files.forEach(visit);
        return seen;
      };
      const entries = [...graph].filter(([, c]) => c.entry).map(([file]) => file);
      const over: string[] = [];
      for (const screen of screens) {
        const own = [...graph]
          .filter(([, c]) => c.facade && screen.modules.includes(c.facade))
          .map(([f]) => f);
        if (own.length < screen.modules.length)
          throw new Error(`${app}: no chunk for ${screen.modules.join(', ')} (the screen's modules moved?)`);
        const files = closure([...entries, ...own]);
        const gzip = [...files].reduce((sum, file) => sum + (gzipOf.get(file) ?? 0), 0);
        // BUILD_LIST_FILES=1 names the files too, to find what a screen loads that it should not
        if (process.env.BUILD_LIST_FILES)
          for (const file of files) console.log(`    ${file} ${kb(gzipOf.get(file) ?? 0)}`);
        console.log(
          `  initial JavaScript of ${screen.label}: ${kb(gzip)} (${gzip} B) gzip in ${files.size} files (goal ≤ ${screen.goalKb} kB)`,
        );
        if (gzip > screen.goalKb * 1000) over.push(`${screen.label}: ${kb(gzip)} > ${screen.goalKb} kB`);
      }
      // a budget, not a report: one import in the wrong place once made the sign-in page 213 kB
      if (over.length) throw new Error(`${app}: initial JavaScript over its goal (${over.join('; ')})`);
    },
  };
}
