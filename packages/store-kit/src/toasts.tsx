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
 * Screens this narrow show toasts at the top: at the bottom they would sit on the cart drawer's
 * Checkout button (the drawer fills a phone's width) and on a page's own bottom actions.
 */
export const TOP_TOASTS_MEDIA = '(max-width: 767px)';

/** One toast per message: the same message raised again while it shows is not shown twice. */
export const toastIdOf = (request: ToastRequest): string | number => request.options.toastId ?? `${request.kind}:${request.message}`;

interface ToastHostProps extends ToastContainerProps {
  /**
   * The page the shopper is on (the location's path): when it changes, the error toasts of the
   * page left are dismissed, as its errors are about a form or an action the shopper has left.
   */
  page?: string;
}

/**
 * Shows the toasts. The toast library is fetched on the first toast, never on a shopper's first
 * page load: toasts only ever follow something the shopper did.
 */
export function ToastHost({ page, ...props }: ToastHostProps): JSX.Element | null {
  const [library, setLibrary] = useState<Toastify | null>(null);
  const pending = useRef<ToastRequest[]>([]);
  const loaded = useRef<Toastify | null>(null);
  const errorIds = useRef(new Set<string | number>());
  const showRequest = useRef<((toastify: Toastify, request: ToastRequest) => void) | null>(null);

  useEffect(() => {
    const show = (toastify: Toastify, request: ToastRequest) => {
      const toastId = toastIdOf(request);
      if (toastify.toast.isActive(toastId)) return;
      if (request.kind === 'error') errorIds.current.add(toastId);
      const onTop = typeof window.matchMedia === 'function' && window.matchMedia(TOP_TOASTS_MEDIA).matches;
      toastify.toast[request.kind](request.message, {
        ...request.options,
        toastId,
        ...(onTop ? { position: 'top-center' as const } : {}),
      });
    };
    showRequest.current = show;
    return onToast((request) => {
      if (loaded.current) {
        show(loaded.current, request);
        return;
      }
      if (!pending.current.some((waiting) => toastIdOf(waiting) === toastIdOf(request))) pending.current.push(request);
      void import('react-toastify').then((module) => setLibrary(module));
    });
  }, []);

  useEffect(() => {
    if (!library) return;
    loaded.current = library;
    for (const request of pending.current.splice(0)) showRequest.current?.(library, request);
  }, [library]);

  const shownPage = useRef(page);
  useEffect(() => {
    if (page === shownPage.current) return;
    shownPage.current = page;
    pending.current = pending.current.filter((request) => request.kind !== 'error');
    for (const toastId of errorIds.current) loaded.current?.toast.dismiss(toastId);
    errorIds.current.clear();
  }, [page]);

  if (!library) return null;
  const { ToastContainer } = library;
  return <ToastContainer {...props} />;
}
