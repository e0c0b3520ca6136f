import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  base: '/cabinet/',
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 3000 },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/storage': 'http://127.0.0.1:3000' } },
});
