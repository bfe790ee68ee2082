import { useContext } from 'react';
import { LinguiContext } from '@lingui/react';
import { DEFAULT_LANGUAGE, type ShopLanguage } from '@shop/api-types';
import { pageI18n, type Catalog, type Messages, type TranslationValues } from './catalog';

/**
 * The services answer in the spec's English (their messages are part of the contract, and the
 * assistant and the back office read them too); the storefront shows them in the shopper's
 * language. A rule names a message the server sends, exactly ('Invalid or expired coupon') or as a
 * pattern whose named groups are the message's arguments
 * (/^Prices have changed: (?<name>.+) is now (?<price>KSh [\d,.]+)\. Please review your cart\.$/),
 * and the app's catalog id that says it ('server.pricesChanged': '... {name} ... {price} ...').
 */
export type ServerMessageRule<Id extends string = string> = readonly [english: string | RegExp, id: Id];

type Translate<Id extends string> = (id: Id, values?: TranslationValues) => string;

/**
 * The message in `language`: English is the server's own words, unchanged; another language takes
 * the first rule that matches; a message no rule knows stays in English (better than nothing).
 */
export function translateServerMessage<Id extends string>(
  message: string,
  rules: ReadonlyArray<ServerMessageRule<Id>>,
  translate: Translate<Id>,
  language: ShopLanguage,
): string {
  if (language === DEFAULT_LANGUAGE) return message;
  // The build leaves the server messages out of the English catalog (mf-config's catalogLoader), so
  // a language whose catalog did not arrive has no fallback text for the id: Lingui then answers
  // the id itself, and the shopper is shown the server's English instead.
  const said = (id: Id, values?: TranslationValues) => {
    const text = translate(id, values);
    return text.endsWith(id) ? message : text;
  };
  for (const [english, id] of rules) {
    if (typeof english === 'string') {
      if (english === message) return said(id);
      continue;
    }
    const match = english.exec(message);
    if (match) return said(id, { ...match.groups });
  }
  return message;
}

export interface ServerMessages {
  /** In a component: the server's message in the language the component shows. */
  useServerMessage(): (message: string) => string;
  /** Outside React (a toast from a callback): in the page's current language. */
  serverMessage(message: string): string;
}

/**
 * An app's translator of the server messages it shows, saying them with its own catalog and the
 * rules the catalog loads with another language (CatalogDefinition.serverMessages): before they
 * are in, the catalog is not either, and the server's English shows.
 */
export function defineServerMessages<M extends Messages>(catalog: Catalog<M>): ServerMessages {
  // The rules' ids are this catalog's: CatalogDefinition.serverMessages checked them against `en`.
  const rules = () => catalog.serverMessageRules() as ReadonlyArray<ServerMessageRule<keyof M & string>>;
  return {
    useServerMessage() {
      const t = catalog.useT();
      const language = (useContext(LinguiContext)?.i18n ?? pageI18n).locale as ShopLanguage;
      return (message) => translateServerMessage(message, rules(), t, language);
    },
    serverMessage(message) {
      return translateServerMessage(message, rules(), catalog.t, pageI18n.locale as ShopLanguage);
    },
  };
}
