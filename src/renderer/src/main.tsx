import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadMarkdown } from './components/Lazy';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // After the first screen, not before it: its code is all the page waits for.
  requestIdleCallback(preloadMarkdown);
}
