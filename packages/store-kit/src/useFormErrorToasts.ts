import { useEffect, useMemo, useRef } from 'react';
import { clearFormErrors, keepFormErrors, showFormErrors } from './toasts';

/** A form's messages by field name; `''` holds those about the form as a whole. */
export type MessagesByField = Record<string, readonly string[]>;

const allOf = (byField: MessagesByField): string[] => [...new Set(Object.values(byField).flat())];

/**
 * The error toasts of one form, kept to its current state: `show` replaces whatever the form
 * showed before (a new submit), `fieldEdited` takes back the messages of a field the shopper is
 * fixing, `clear` takes back all (a submit sent, or the form left: leaving clears them too).
 */
export function useFormErrorToasts(form: string) {
  const shown = useRef<MessagesByField>({});
  useEffect(() => () => clearFormErrors(form), [form]);
  return useMemo(
    () => ({
      /** `translate` puts each message in the page's language (the server's are in English). */
      show(byField: MessagesByField, translate: (message: string) => string = (message) => message): void {
        shown.current = Object.fromEntries(Object.entries(byField).map(([field, messages]) => [field, messages.map(translate)]));
        showFormErrors(form, allOf(shown.current));
      },
      fieldEdited(field: string): void {
        if (!(field in shown.current)) return;
        const rest = Object.fromEntries(Object.entries(shown.current).filter(([name]) => name !== field));
        shown.current = rest;
        keepFormErrors(form, allOf(rest));
      },
      /** Takes back every toast but those of `stillWrong` (for a form that tracks its messages itself). */
      keepOnly(stillWrong: readonly string[]): void {
        shown.current = { '': stillWrong.filter((message) => allOf(shown.current).includes(message)) };
        keepFormErrors(form, stillWrong);
      },
      clear(): void {
        shown.current = {};
        clearFormErrors(form);
      },
    }),
    [form],
  );
}
