// A modal dialog on the native <dialog> element: `showModal()` makes the
// rest of the page inert and traps Tab inside, Escape asks to close it,
// and focus goes back to what had it when the dialog opened. The dialog
// is open while it is rendered; the owner closes it by unrendering it.
import { useEffect, useRef, type ReactNode } from 'react';

export function Dialog({
  labelledBy,
  onClose,
  className,
  returnFocus,
  children,
}: {
  /** The id of the dialog's heading, its accessible name. */
  labelledBy: string;
  onClose: () => void;
  className?: string;
  /** Asked at close: false when closing moved to another page (that page
   * takes focus). Focus returns by default. */
  returnFocus?: () => boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const restore = useRef(returnFocus);
  restore.current = returnFocus;
  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      if ((restore.current?.() ?? true) && opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      aria-modal="true"
      aria-labelledby={labelledBy}
      className={className ? `modal ${className}` : 'modal'}
      // Escape: the owner decides (it unrenders the dialog), so that
      // React's state and the element never disagree.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // Closed by the browser anyway (a second Escape without a click).
      onClose={onClose}
      // A click on the backdrop (outside the body, on the element itself) closes it.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
