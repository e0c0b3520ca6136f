import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compressedAssets, productionWhenBuilding, vendorChunks } from '../build/frontEnd';

export default defineConfig(({ command }) => ({
  // `vite build` is the production build whatever NODE_ENV the shell has (see build/frontEnd.ts)
  ...productionWhenBuilding(command),
  plugins: [
    react(),
    compressedAssets('cabinet (cabinet/dist)', [
      { label: 'the sign-in page', modules: [], goalKb: 200 },
      {
        label: 'the dashboard',
        modules: ['src/Dashboard.tsx'],
        goalKb: 350,
      },
    ]),
  ],
  base: '/cabinet/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: { output: { codeSplitting: vendorChunks } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' } },
}));
