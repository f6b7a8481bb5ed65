import { createRoot } from 'react-dom/client';
import { Route, Routes, StandaloneHost } from '@app/kit';
import '@app/kit/styles.css';
import Analytics from './Analytics';

/** Standalone page of this remote for work on it alone (`npm run dev` in this folder). */
createRoot(document.getElementById('root')!).render(
  <StandaloneHost>
    <main className="dashboard-content">
      <Routes>
        <Route path="*" element={<Analytics />} />
      </Routes>
    </main>
  </StandaloneHost>,
);
