import { useEffect, useRef, useState } from 'react';
import type { ToastContainerProps, ToastOptions } from 'react-toastify';
import { CART_TOAST_MS } from '@shop/api-types';
import type * as ReactToastify from 'react-toastify';

/** The spec's toasts: bottom-center, 3 s for cart and wishlist (the library's own default is 5 s). */
export const TOAST_DEFAULTS: ToastOptions = { position: 'bottom-center', autoClose: CART_TOAST_MS };

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

export interface ToastRequest {
  kind: ToastKind;
  message: string;
  options: ToastOptions;
}

type Listener = (request: ToastRequest) => void;

const listeners = new Set<Listener>();
const waiting: ToastRequest[] = [];

function emit(request: ToastRequest): void {
  if (listeners.size === 0) waiting.push(request);
  else listeners.forEach((listener) => listener(request));
}

/** Hears every toast; toasts raised before anyone listened are delivered at once. */
export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  waiting.splice(0).forEach(listener);
  return () => {
    listeners.delete(listener);
  };
}

const raise =
  (kind: ToastKind) =>
  (message: string, options?: ToastOptions): void =>
    emit({ kind, message, options: { ...TOAST_DEFAULTS, ...options } });

export const notify = { success: raise('success'), info: raise('info'), warning: raise('warning'), error: raise('error') };

type Toastify = typeof ReactToastify;

/**
 * Shows the toasts. The toast library is fetched on the first toast, never on a shopper's first
 * page load: toasts only ever follow something the shopper did.
 */
export function ToastHost(props: ToastContainerProps): JSX.Element | null {
  const [library, setLibrary] = useState<Toastify | null>(null);
  const pending = useRef<ToastRequest[]>([]);
  const loaded = useRef<Toastify | null>(null);

  useEffect(
    () =>
      onToast((request) => {
        if (loaded.current) {
          loaded.current.toast[request.kind](request.message, request.options);
          return;
        }
        pending.current.push(request);
        void import('react-toastify').then((module) => setLibrary(module));
      }),
    [],
  );

  useEffect(() => {
    if (!library) return;
    loaded.current = library;
    for (const request of pending.current.splice(0)) library.toast[request.kind](request.message, request.options);
  }, [library]);

  if (!library) return null;
  const { ToastContainer } = library;
  return <ToastContainer {...props} />;
}
