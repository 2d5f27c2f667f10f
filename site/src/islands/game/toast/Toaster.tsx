import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { $toast, dismissToast, TOAST_SWIPE_DISMISS_PX } from '../../../stores/toast.ts';
import './toast.css';

/** Where a swipe ends: dismissed at 50 px to the right or more, else back in place. */
export const swipeDismisses = (dx: number) => dx >= TOAST_SWIPE_DISMISS_PX;

/**
 * The toast region: a polite live region that F8 focuses (as the spec's toast system does). The showing toast
 * closes after its duration (paused while hovered or focused), on its close button, or on a swipe right.
 */
export function Toaster() {
  const current = useStore($toast);
  const region = useRef<HTMLOListElement>(null);
  const [paused, setPaused] = useState(false);
  const [dx, setDx] = useState(0);
  const swipe = useRef<{ id: number; x: number } | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F8') {
        e.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    setDx(0);
    if (!current || paused) return;
    const timer = setTimeout(() => dismissToast(current.id), current.duration);
    return () => clearTimeout(timer);
  }, [current, paused]);

  const onPointerDown = (e: ReactPointerEvent) => {
    if ((e.target as HTMLElement).closest('button')) return;
    swipe.current = { id: e.pointerId, x: e.clientX };
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent) => {
    if (swipe.current?.id === e.pointerId) setDx(Math.max(0, e.clientX - swipe.current.x));
  };
  const onPointerEnd = (e: ReactPointerEvent) => {
    if (swipe.current?.id !== e.pointerId) return;
    const moved = Math.max(0, e.clientX - swipe.current.x);
    swipe.current = null;
    if (current && swipeDismisses(moved)) dismissToast(current.id);
    else setDx(0);
  };

  return (
    <section aria-label="Notifications (F8)" className="wl-toaster">
      <ol ref={region} tabIndex={-1} aria-live="polite" className="wl-toaster__list">
        {current && (
          <li
            key={current.id}
            className={`wl-toast wl-toast--${current.variant}`}
            style={{ transform: dx ? `translateX(${dx}px)` : undefined, opacity: dx ? Math.max(0.2, 1 - dx / 150) : undefined }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            onMouseEnter={() => setPaused(true)}
            onMouseLeave={() => setPaused(false)}
            onFocus={() => setPaused(true)}
            onBlur={() => setPaused(false)}
          >
            <div className="wl-toast__text">
              <p className="wl-toast__title">{current.title}</p>
              {current.description && <p className="wl-toast__description">{current.description}</p>}
            </div>
            <button
              type="button"
              className="wl-toast__close"
              aria-label="Close notification"
              onClick={() => dismissToast(current.id)}
            >
              ×
            </button>
          </li>
        )}
      </ol>
    </section>
  );
}
