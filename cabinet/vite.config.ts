import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressedAssets, productionWhenBuilding, vendorChunksOf } from '../build/frontEnd';

export default defineConfig(({ command }) => ({
  // `vite build` is the production build whatever NODE_ENV the shell has (see build/frontEnd.ts)
  ...productionWhenBuilding(command),
  plugins: [
    react(),
    compressedAssets('cabinet (cabinet/dist)', [
      { label: 'the sign-in page', modules: ['src/signIn.tsx'], goalKb: 200 },
      {
        label: 'the dashboard',
        modules: ['src/App.tsx', 'src/Dashboard.tsx'],
        goalKb: 350,
      },
    ]),
  ],
  base: '/cabinet/',
  // ra-input-rich-text's own older copies of tiptap's core lack what the newer extensions import:
  // one copy of each, the workspace's
  resolve: { dedupe: ['@tiptap/core', '@tiptap/pm', '@tiptap/react'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: { codeSplitting: vendorChunksOf({ byPage: true }), strictExecutionOrder: true },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' } },
}));
