// The tasklens web board: sign-in, then the pages of App.tsx over the
// server's GraphQL API. Everything it loads comes from its own origin.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './Root';
import './styles.css';
import { applyTheme, storedTheme } from './parts/theme';

// Before the first render, so no page shows in the other theme first.
applyTheme(storedTheme());

const element = document.getElementById('app');
if (element !== null) {
  createRoot(element).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}
