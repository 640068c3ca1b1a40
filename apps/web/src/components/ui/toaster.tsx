import { useToastStore, type Toast } from '../../lib/toast-store';
import { IconAlert, IconCheck, IconInfo, IconX } from './icons';
import './icon-button.css';
import './toaster.css';

const ICONS = {
  success: <IconCheck size={20} />,
  error: <IconAlert size={20} />,
  warning: <IconAlert size={20} />,
  info: <IconInfo size={20} />,
} satisfies Record<Toast['type'], unknown>;

/** Toasts sit at the top of the screen (docs/product/app-shell.md), above the header. */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);

  return (
    <div className="toaster" aria-label="Notifications" role="region">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.type}`}
          role={item.type === 'error' || item.type === 'warning' ? 'alert' : 'status'}
        >
          <span className="toast__icon">{ICONS[item.type]}</span>
          <p className="toast__message">{item.message}</p>
          <button
            type="button"
            className="icon-button toast__close"
            onClick={() => dismiss(item.id)}
            aria-label="Dismiss notification"
          >
            <IconX size={18} />
          </button>
        </div>
      ))}
    </div>
  );
}
