import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { applyTheme, initialTheme } from './lib/theme';
import './styles.css';

// Before the first render, so the page never flashes the other theme.
applyTheme(initialTheme());

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
