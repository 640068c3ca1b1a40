import { toggleTheme, useTheme } from '../../lib/theme';
import { IconMoon, IconSun } from './icons';
import './icon-button.css';

export function ThemeToggle({ className }: { className?: string }) {
  const theme = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className={['icon-btn', className].filter(Boolean).join(' ')}
      onClick={toggleTheme}
      aria-label={`Switch to ${next} theme`}
      title={`Switch to ${next} theme`}
    >
      {theme === 'dark' ? <IconSun /> : <IconMoon />}
    </button>
  );
}
