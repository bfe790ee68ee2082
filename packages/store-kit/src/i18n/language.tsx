import { useCallback, useContext, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { I18nProvider, LinguiContext } from '@lingui/react';
import { DEFAULT_LANGUAGE, isShopLanguage, LANGUAGE_ATTRIBUTE, pickLanguage, type ShopLanguage } from '@shop/api-types';
import { readFirstScreenState } from '../firstScreen/loadFirstScreen';
import { writeLanguageCookie } from '../firstScreen/shopCookies';
import { readStored, writeStored } from '../storage';
import { LANGUAGE_COOKIE, STORAGE_KEYS } from '../storageKeys';
import { loadCatalogs, pageI18n } from './catalog';

function readCookie(name: string): string | undefined {
  try {
    return globalThis.document?.cookie
      .split(';')
      .map((part) => part.trim().split('='))
      .find(([key]) => key === name)?.[1];
  } catch {
    return undefined;
  }
}

/**
 * The language a page starts in: the one the gateway drew it in (<html data-shop-language>), else
 * the shopper's choice (the cookie, then local storage), else the browser's languages (what
 * Accept-Language says), else English.
 */
export function detectLanguage(): ShopLanguage {
  const drawnIn = globalThis.document?.documentElement.getAttribute(LANGUAGE_ATTRIBUTE) ?? readFirstScreenState()?.language;
  if (isShopLanguage(drawnIn)) return drawnIn;
  const chosen = readCookie(LANGUAGE_COOKIE);
  if (isShopLanguage(chosen)) return chosen;
  const stored = readStored<ShopLanguage | null>(STORAGE_KEYS.language, null, isShopLanguage);
  if (stored) return stored;
  const browser = globalThis.navigator;
  return browser ? pickLanguage(browser.languages?.length ? browser.languages : [browser.language]) : DEFAULT_LANGUAGE;
}

function showLanguage(i18n: I18n, language: ShopLanguage): void {
  i18n.activate(language);
  if (i18n === pageI18n && globalThis.document) globalThis.document.documentElement.lang = language;
}

/**
 * Before the shell's first render: the page's language, with the catalogs defined so far (the
 * shell's; call again once the drawn page's remote is loaded, so it renders without waiting).
 */
export async function startLanguage(language: ShopLanguage = detectLanguage()): Promise<ShopLanguage> {
  await loadCatalogs(pageI18n, language);
  showLanguage(pageI18n, language);
  return language;
}

/**
 * The header's switch: remembers the choice (cookie for the gateway, local storage), loads every
 * catalog on the page in that language, then shows it; everything re-renders, nothing reloads.
 */
export async function switchLanguage(language: ShopLanguage, i18n: I18n = pageI18n): Promise<void> {
  writeLanguageCookie(language);
  writeStored(STORAGE_KEYS.language, language);
  await loadCatalogs(i18n, language);
  showLanguage(i18n, language);
}

/** Around the storefront (the shell's root, a renderer's page, a test): the language its components translate into. */
export function LanguageProvider({ i18n = pageI18n, children }: { i18n?: I18n; children: ReactNode }): JSX.Element {
  return <I18nProvider i18n={i18n}>{children}</I18nProvider>;
}

/** The language shown and the switch to another. */
export function useLanguage(): { language: ShopLanguage; switchTo: (language: ShopLanguage) => Promise<void> } {
  const i18n = useContext(LinguiContext)?.i18n ?? pageI18n;
  const switchTo = useCallback((language: ShopLanguage) => switchLanguage(language, i18n), [i18n]);
  return { language: i18n.locale as ShopLanguage, switchTo };
}
