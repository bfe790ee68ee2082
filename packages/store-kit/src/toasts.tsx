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
  /** The form whose current errors this toast tells (see `showFormErrors`). */
  form?: string;
}

/** Takes back a form's error toasts, shown or still waiting, except the messages in `keep`. */
export interface ToastRetraction {
  form: string;
  keep: readonly string[];
}

type Listener = (request: ToastRequest) => void;
type RetractionListener = (retraction: ToastRetraction) => void;

const listeners = new Set<Listener>();
const retractionListeners = new Set<RetractionListener>();
let waiting: ToastRequest[] = [];

function emit(request: ToastRequest): void {
  if (listeners.size === 0) waiting.push(request);
  else listeners.forEach((listener) => listener(request));
}

const isRetracted = (request: ToastRequest, { form, keep }: ToastRetraction): boolean =>
  request.form === form && !keep.includes(request.message);

function retract(retraction: ToastRetraction): void {
  waiting = waiting.filter((request) => !isRetracted(request, retraction));
  retractionListeners.forEach((listener) => listener(retraction));
}

/** Hears every retraction of a form's errors (the toast host drops them from screen and queue). */
export function onToastRetraction(listener: RetractionListener): () => void {
  retractionListeners.add(listener);
  return () => {
    retractionListeners.delete(listener);
  };
}

/** Hears every toast; toasts raised before anyone listened are delivered at once. */
export function onToast(listener: Listener): () => void {
  listeners.add(listener);
  const delivered = waiting;
  waiting = [];
  delivered.forEach(listener);
  return () => {
    listeners.delete(listener);
  };
}

const raise =
  (kind: ToastKind) =>
  (message: string, options?: ToastOptions): void =>
    emit({ kind, message, options: { ...TOAST_DEFAULTS, ...options } });

export const notify = { success: raise('success'), info: raise('info'), warning: raise('warning'), error: raise('error') };

/**
 * A form's errors belong to its current state. Checking the form again replaces the error toasts
 * it raised before (shown or still waiting their turn) with `messages`, so a message the shopper
 * has since fixed never comes up later; a message still wrong stays as it is.
 */
export function showFormErrors(form: string, messages: readonly string[], options?: ToastOptions): void {
  retract({ form, keep: messages });
  for (const message of messages) emit({ kind: 'error', message, form, options: { ...TOAST_DEFAULTS, ...options } });
}

/**
 * As the shopper fixes fields, the error toasts of the fields now right go away at once, shown or
 * waiting; `stillWrong` are the form's messages that still hold (no new toast is raised).
 */
export function keepFormErrors(form: string, stillWrong: readonly string[]): void {
  retract({ form, keep: stillWrong });
}

/** The form was sent or left: none of its error toasts stays. */
export function clearFormErrors(form: string): void {
  retract({ form, keep: [] });
}

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
   * page left are dismissed, shown or waiting, as its errors are about a form or an action the
   * shopper has left.
   */
  page?: string;
}

/**
 * Shows the toasts. The toast library is fetched on the first toast, never on a shopper's first
 * page load: toasts only ever follow something the shopper did.
 *
 * `limit` (how many show at once) is kept here rather than handed to the library: the library's
 * own waiting line ignores `dismiss`, so a form error fixed while it waited used to come up later.
 * Here a waiting toast is a plain request that a retraction or a page change simply drops.
 */
export function ToastHost({ page, limit, ...props }: ToastHostProps): JSX.Element | null {
  const [library, setLibrary] = useState<Toastify | null>(null);
  /** Toasts not shown yet: before the library arrives, or while `limit` toasts show. */
  const waitingTurn = useRef<ToastRequest[]>([]);
  const loaded = useRef<Toastify | null>(null);
  /** What shows now, by toast id. */
  const showing = useRef(new Map<string | number, ToastRequest>());
  const limitRef = useRef(limit);
  limitRef.current = limit;
  const showNext = useRef<() => void>(() => undefined);

  useEffect(() => {
    const roomForOne = () => !limitRef.current || showing.current.size < limitRef.current;
    const isShownOrWaiting = (toastId: string | number) =>
      showing.current.has(toastId) || waitingTurn.current.some((request) => toastIdOf(request) === toastId);

    const show = (toastify: Toastify, request: ToastRequest) => {
      const toastId = toastIdOf(request);
      showing.current.set(toastId, request);
      const onTop = typeof window.matchMedia === 'function' && window.matchMedia(TOP_TOASTS_MEDIA).matches;
      toastify.toast[request.kind](request.message, {
        ...request.options,
        toastId,
        onClose: (reason) => {
          showing.current.delete(toastId);
          request.options.onClose?.(reason);
          showNext.current();
        },
        ...(onTop ? { position: 'top-center' as const } : {}),
      });
    };
    showNext.current = () => {
      const toastify = loaded.current;
      if (!toastify) return;
      while (waitingTurn.current.length > 0 && roomForOne()) show(toastify, waitingTurn.current.shift()!);
    };

    const stopToasts = onToast((request) => {
      if (isShownOrWaiting(toastIdOf(request))) return;
      waitingTurn.current.push(request);
      if (loaded.current) showNext.current();
      else void import('react-toastify').then((module) => setLibrary(module));
    });
    const stopRetractions = onToastRetraction((retraction) => {
      waitingTurn.current = waitingTurn.current.filter((request) => !isRetracted(request, retraction));
      for (const [toastId, request] of showing.current) if (isRetracted(request, retraction)) loaded.current?.toast.dismiss(toastId);
    });
    return () => {
      stopToasts();
      stopRetractions();
    };
  }, []);

  useEffect(() => {
    if (!library) return;
    loaded.current = library;
    showNext.current();
  }, [library]);

  const shownPage = useRef(page);
  useEffect(() => {
    if (page === shownPage.current) return;
    shownPage.current = page;
    waitingTurn.current = waitingTurn.current.filter((request) => request.kind !== 'error');
    for (const [toastId, request] of showing.current) if (request.kind === 'error') loaded.current?.toast.dismiss(toastId);
  }, [page]);

  if (!library) return null;
  const { ToastContainer } = library;
  return <ToastContainer {...props} />;
}
