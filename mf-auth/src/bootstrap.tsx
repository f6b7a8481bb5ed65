import { createRoot } from 'react-dom/client';
import { Route, Routes, StandaloneHost } from '@app/kit';
import '@app/kit/styles.css';
import Login from './Login';
import Register from './Register';
import ForgotPassword from './ForgotPassword';
import ResetPassword from './ResetPassword';

/** Standalone page of this remote for work on it alone (`npm run dev` in this folder). */
createRoot(document.getElementById('root')!).render(
  <StandaloneHost>
    <main className="dashboard-content">
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="/register" element={<Register />} />
        <Route path="/forgot-password" element={<ForgotPassword />} />
        <Route path="/reset-password" element={<ResetPassword />} />
        <Route path="*" element={<Login />} />
      </Routes>
    </main>
  </StandaloneHost>,
);
