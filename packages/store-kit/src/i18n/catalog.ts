import { useContext } from 'react';
import { setupI18n, type I18n } from '@lingui/core';
import { LinguiContext } from '@lingui/react';
import { DEFAULT_LANGUAGE, type ShopLanguage } from '@shop/api-types';
import type { ServerMessageRule } from './serverMessages';

/**
 * A catalog file as imported: ICU MessageFormat strings by id in the JSON translators edit; the
 * build compiles each into Lingui's form (mf-config's catalogLoader), Jest keeps the strings
 * (Lingui compiles them at run time outside production). Typed as the JSON for its ids.
 */
export type Messages = Record<string, string>;
export type TranslationValues = Record<string, string | number>;
type OtherLanguage = Exclude<ShopLanguage, typeof DEFAULT_LANGUAGE>;

/**
 * The messages of a part of a catalog (CatalogDefinition.part): `names` are areas ('cart': every
 * 'cart.*' id) and single ids ('server.minimumOrder'), as the part's `?only=` imports list them.
 * A part's screens are typed with it, so they cannot use an id the part's files leave out.
 */
export type CatalogPart<M extends Messages, Names extends readonly string[]> = Pick<
  M,
  Extract<keyof M, `${Exclude<Names[number], `${string}.${string}`>}.${string}`> | Extract<Names[number], keyof M>
>;
/** A catalog file as an import() gives it. */
export type CatalogModule<M extends Messages = Messages> = { default: M };

/**
 * The page's one translation instance (the shell's language switch changes it), also what a
 * component outside any LanguageProvider (a unit test) translates with: English until switched.
 */
export const pageI18n: I18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: {} } });

/** Catalogs loading or loaded per instance and language ('mf_catalog:sw', a part 'mf_checkout/basket:sw'); a failed load counts as loaded (English shows). */
const loads = new WeakMap<I18n, Map<string, { done: boolean; promise: Promise<void> }>>();

/** Every catalog defined on this page, loaded together when the shopper switches language. */
const defined = new Set<Catalog<Messages>>();

/** The shared packages' catalogs (storefront-ui, store-kit): see CatalogDefinition.shared. */
const sharedCatalogs = new Set<Catalog<Messages>>();

export interface CatalogDefinition<M extends Messages> {
  /** The app's federation name (mf_catalog): prefixes its ids in the one instance, so apps never collide. */
  name: string;
  /**
   * A part of the app's catalog, for a page that shows some of its strings (the checkout's cart):
   * every language from a part of its file (`en.json?only=cart,...`, `sw.json?only=cart,...`; see
   * mf-config's catalogLoader), typed with CatalogPart. Its ids are the app's, so the whole catalog
   * and a part say the same.
   */
  part?: string;
  /**
   * Each language's catalog, English too, as an import() of its JSON: a chunk of its own, fetched
   * only in that language, so a page carries the strings of the language it shows and no other.
   * English's gives the catalog's ids (its type).
   */
  load: { en: () => Promise<CatalogModule<M>> } & Record<OtherLanguage, () => Promise<CatalogModule>>;
  /**
   * A shared package's catalog (storefront-ui's stepper, store-kit's toasts): its strings show inside
   * every app's pages, so every translation instance loads it beside the app's own (createI18n), and
   * a renderer or a test need not name it.
   */
  shared?: boolean;
  /**
   * The rules that say the services' English messages with this catalog's ids (defineServerMessages),
   * as an import(). They are read only outside English, so they load with another language's
   * catalog, in the same file when the import names the same chunk (`webpackChunkName:
   * "i18n-checkout-sw"`): an English page never downloads them, and a Swahili one has both at once.
   */
  // NoInfer: the catalog's ids come from English's; the rules are checked against them.
  serverMessages?: () => Promise<ReadonlyArray<ServerMessageRule<keyof NoInfer<M> & string>>>;
}

export interface Catalog<M extends Messages> {
  readonly name: string;
  /** Loads this catalog's messages for `language` into the instance (English's as another language's). */
  load(i18n: I18n, language: ShopLanguage): Promise<void>;
  isLoaded(i18n: I18n, language: ShopLanguage): boolean;
  /**
   * The translate function of a component: `t('cart.add')`, `t('results', { from, to, total })`.
   * In a language whose catalog has not arrived it suspends the component (the remote's Suspense
   * fallback shows) until it has, so a page never shows half English.
   */
  useT(): (id: keyof M & string, values?: TranslationValues) => string;
  /** Outside React (a toast, a page title): in the page's current language. */
  t(id: keyof M & string, values?: TranslationValues): string;
  /**
   * The server-message rules (CatalogDefinition.serverMessages) once another language's catalog has
   * loaded them; none before. Their ids were checked against this catalog's where they were given;
   * typed as any id here, so that a Catalog<M> still passes as a Catalog<Messages>.
   */
  serverMessageRules(): ReadonlyArray<ServerMessageRule>;
}

function translate(i18n: I18n, name: string, id: string, values?: TranslationValues): string {
  // In a build every message is compiled (an array), which Lingui formats; an id no loaded catalog
  // has comes back as itself (see translateServerMessage).
  return i18n._(`${name}:${id}`, values);
}

export function defineCatalog<M extends Messages>({ name, part, load, shared = false, serverMessages }: CatalogDefinition<M>): Catalog<M> {
  let rules: ReadonlyArray<ServerMessageRule> = [];
  const wholeKey = (language: ShopLanguage) => `${name}:${language}`;
  const loadKey = (language: ShopLanguage) => (part ? `${name}/${part}:${language}` : wholeKey(language));
  const loadsOf = (i18n: I18n) => {
    let map = loads.get(i18n);
    if (!map) loads.set(i18n, (map = new Map()));
    return map;
  };
  // A part's ids are the whole catalog's: once the whole is loading or loaded into the instance (the
  // checkout page, then its cart drawer), the part waits for that instead of a download of its own.
  const loadingOf = (i18n: I18n, language: ShopLanguage) =>
    loadsOf(i18n).get(loadKey(language)) ?? (part ? loadsOf(i18n).get(wholeKey(language)) : undefined);
  const loadInto = (i18n: I18n, language: ShopLanguage, module: CatalogModule) => {
    const prefixed: Record<string, string> = {};
    for (const [id, message] of Object.entries(module.default)) prefixed[`${name}:${id}`] = message;
    i18n.load(language, prefixed);
  };
  const catalog: Catalog<M> = {
    name,
    isLoaded(i18n, language) {
      return loadingOf(i18n, language)?.done === true;
    },
    load(i18n, language) {
      const existing = loadingOf(i18n, language);
      if (existing) return existing.promise;
      const entry = { done: false, promise: Promise.resolve() };
      const english = language === DEFAULT_LANGUAGE;
      entry.promise = Promise.all([load[language](), english ? undefined : serverMessages?.()])
        .then(([module, loadedRules]) => {
          loadInto(i18n, language, module);
          if (loadedRules) rules = loadedRules;
        })
        .catch(async () => {
          // The catalog's chunk did not arrive (a dropped connection, after the build's retries):
          // another language's page shows this app in English rather than an error, and the next
          // page load tries again. English itself has nothing to fall back on: its ids show.
          if (english) return;
          await load.en().then(
            (module) => loadInto(i18n, language, module),
            () => undefined,
          );
        })
        .finally(() => {
          entry.done = true;
        });
      loadsOf(i18n).set(loadKey(language), entry);
      return entry.promise;
    },
    useT() {
      const i18n = useContext(LinguiContext)?.i18n ?? pageI18n;
      const language = i18n.locale as ShopLanguage;
      // Suspense: React shows the nearest fallback and renders again once the catalog is in.
      if (!catalog.isLoaded(i18n, language)) throw catalog.load(i18n, language);
      return (id, values) => translate(i18n, name, id, values);
    },
    t(id, values) {
      return translate(pageI18n, name, id, values);
    },
    serverMessageRules: () => rules,
  };
  defined.add(catalog as unknown as Catalog<Messages>);
  if (shared) sharedCatalogs.add(catalog as unknown as Catalog<Messages>);
  return catalog;
}

/** Loads every catalog defined on the page (or the ones given) for `language` into the instance. */
export async function loadCatalogs(i18n: I18n, language: ShopLanguage, catalogs: Iterable<Catalog<Messages>> = defined): Promise<void> {
  await Promise.all([...catalogs].map((catalog) => catalog.load(i18n, language)));
}

/**
 * A translation instance of its own in `language` with these catalogs (and the shared packages')
 * loaded: what a first-screen renderer draws with (one per request, as drawing may wait for data
 * while another page is drawn).
 * In a renderer's build the catalogs are in its one file, so this waits for nothing but a microtask.
 */
export async function createI18n(language: ShopLanguage, catalogs: Iterable<Catalog<Messages>>): Promise<I18n> {
  const i18n = setupI18n({ locale: language, messages: { [language]: {} } });
  await loadCatalogs(i18n, language, new Set([...sharedCatalogs, ...catalogs]));
  return i18n;
}
