import { TOAST_DURATION_MS } from '@doers/contract';
import { create } from 'zustand';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: string;
  type: ToastType;
  message: string;
  duration: number;
}

interface ToastState {
  toasts: Toast[];
  show(type: ToastType, message: string, duration?: number): void;
  dismiss(id: string): void;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show(type, message, duration = TOAST_DURATION_MS) {
    // The same message twice at once (a double effect, two failing calls) reads as a glitch.
    if (get().toasts.some((t) => t.type === type && t.message === message)) return;
    const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
    set((state) => ({ toasts: [...state.toasts.slice(-3), { id, type, message, duration }] }));
    if (duration > 0)
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), duration),
      );
  },
  dismiss(id) {
    clearTimeout(timers.get(id));
    timers.delete(id);
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }));
  },
}));

/** Call sites read like the product docs: toast.success('Welcome back!'). */
export const toast = {
  success: (message: string, duration?: number) =>
    useToastStore.getState().show('success', message, duration),
  error: (message: string, duration?: number) =>
    useToastStore.getState().show('error', message, duration),
  warning: (message: string, duration?: number) =>
    useToastStore.getState().show('warning', message, duration),
  info: (message: string, duration?: number) =>
    useToastStore.getState().show('info', message, duration),
};
