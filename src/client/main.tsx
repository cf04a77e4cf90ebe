import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/index.css';

function Placeholder() {
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-semibold text-primary-800">Trillium</h1>
      <p className="mt-2 text-muted">Connect with professionals on Trillium.</p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Placeholder />
  </StrictMode>,
);
