import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppErrorBoundary } from './app/app-error-boundary';
import { AppProviders } from './app/providers';
import { createQueryClient } from './lib/query-client';
import { applyTheme, readStoredTheme } from './lib/theme';
import { createAppRouter } from './routes';
import './styles.css';

// Applied before React renders anything, so a light-theme visitor never sees a dark flash.
applyTheme(readStoredTheme());

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const queryClient = createQueryClient();
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppErrorBoundary>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  </StrictMode>,
);
