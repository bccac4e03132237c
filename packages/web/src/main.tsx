import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { queryClient } from './api/queryClient.js';
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
