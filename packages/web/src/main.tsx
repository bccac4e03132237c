import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from './api/queryClient.js';
import { registerServiceWorker } from './env/serviceWorker.js';
import { applyTheme, storedTheme } from './env/theme.js';
import { createRoutes } from './routes/routes.js';

applyTheme(storedTheme());

const router = createBrowserRouter(createRoutes());

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

// Only the built dashboard: the development server's modules change under the same names.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => void registerServiceWorker(), { once: true });
}
