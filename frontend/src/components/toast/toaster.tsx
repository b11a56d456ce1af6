import { useCallback, useEffect, useRef, type PointerEvent } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { dismissToast, TOAST_DURATION_MS, type Toast } from './toast-slice.ts';
import './toaster.css';

/** Spec 01 §9: a horizontal swipe longer than 45 px dismisses a toast. */
export const SWIPE_DISMISS_PX = 45;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const startX = useRef<number | null>(null);
  const element = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [toast.id, onDismiss]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    startX.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (startX.current === null || !element.current) return;
    element.current.style.transform = `translateX(${event.clientX - startX.current}px)`;
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (startX.current === null) return;
    const distance = Math.abs(event.clientX - startX.current);
    startX.current = null;
    if (distance > SWIPE_DISMISS_PX) onDismiss(toast.id);
    else if (element.current) element.current.style.transform = '';
  };

  return (
    <div
      ref={element}
      className={`toast toast--${toast.kind}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <span>{toast.message}</span>
      <button
        type="button"
        className="toast__close"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useSelector((state: { toasts: { items: Toast[] } }) => state.toasts.items);
  const dispatch = useDispatch();
  const onDismiss = useCallback((id: number) => dispatch(dismissToast(id)), [dispatch]);

  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}
