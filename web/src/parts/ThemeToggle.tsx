// The header's theme choice: system, light or dark (see theme.ts).
import { useState } from 'react';
import { chooseTheme, storedTheme, type Theme } from './theme';

export function ThemeToggle() {
  const [theme, setTheme] = useState<Theme>(storedTheme);
  return (
    <select
      className="theme-choice"
      aria-label="Theme"
      value={theme}
      onChange={(event) => {
        const next = event.target.value as Theme;
        chooseTheme(next);
        setTheme(next);
      }}
    >
      <option value="system">System theme</option>
      <option value="light">Light</option>
      <option value="dark">Dark</option>
    </select>
  );
}
