import { useEffect, useRef } from 'react';

/** Shows a native <dialog> as a modal while `open` (focus trap, backdrop, Escape) and closes it otherwise. */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (open && !dialog?.open) dialog?.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);
  return ref;
}
