import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import 'mantine-datatable/styles.css';
import '@lc/ui/fonts.css';
import './styles.css';
import '@lc/ui/zod-jitless';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n/i18n';
import { createQueryClient } from './lib/query-client';
import { AppProviders } from './providers';
import { createConsoleRouter } from './router';

async function bootstrap() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  const queryClient = createQueryClient();
  // Translations first: every page of the console is text for staff to read.
  await initI18n().catch(() => undefined);
  const router = createConsoleRouter(queryClient);
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void bootstrap();
