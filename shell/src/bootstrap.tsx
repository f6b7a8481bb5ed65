import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createAppStore } from '@app/kit';
import '@app/kit/styles.css';
import { App, createRouter } from './App';
import { registerRemotesFromServer } from './federation/remotes';

async function start() {
  await registerRemotesFromServer();
  const store = createAppStore();
  const router = createRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <App router={router} />
      </Provider>
    </StrictMode>,
  );
}

start();
