import { type ReactNode, useEffect, useRef } from 'react';
import '../actions/actions.css';
import './settlements.css';

/**
 * A native modal <dialog>: focus moves in and is trapped, Escape closes it, the page behind is inert, and it sits
 * in the top layer (so the mobile sheet's scrolling box cannot clip it). Shown on mount. Its buttons close it with
 * the `close` they are given (a native close puts the focus back on the button that opened it), and every close,
 * Escape included, ends in onClose, where the owner unmounts it. `data-autofocus` marks what gets the focus.
 */
export function Modal({
  labelledBy,
  describedBy,
  onClose,
  testId,
  children,
}: {
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  testId?: string;
  children: (close: () => void) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d || d.open) return;
    d.showModal();
    // showModal focuses the first focusable element, and React's autoFocus ran before it (and sets no attribute):
    // the element marked data-autofocus takes the focus here instead.
    d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, []);
  return (
    <dialog
      ref={ref}
      className="act-dialog wl-panel stl-dialog"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      data-testid={testId}
      onClose={onClose}
    >
      {children(() => ref.current?.close())}
    </dialog>
  );
}
