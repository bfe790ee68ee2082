import { useEffect } from 'react';
import { t } from './i18n/storeKitCatalog';
import { DEFAULT_LANGUAGE, isShopLanguage } from '@shop/api-types';

export const SITE_NAME = 'Shwari Shop';

export interface PageMeta {
  title: string;
  description?: string;
  image?: string;
}

/** Sets one <meta> of the document's head (made when missing): the storefront's and the back office's page meta. */
export function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

/** Title, description (the shop's, in the page's language, unless given) and social-sharing meta for the current page. */
export function applyPageMeta({ title, description = t('meta.description'), image = '/og-image.png' }: PageMeta): void {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  document.title = fullTitle;
  // A page's address in its language, as the gateway's head says it (English the path alone, Kiswahili with ?lang=sw):
  // a search engine that runs the page must not read a Swahili page's canonical URL as the English one's.
  const language = document.documentElement.lang;
  const location = globalThis.location;
  const url = location
    ? `${location.origin}${location.pathname}${isShopLanguage(language) && language !== DEFAULT_LANGUAGE ? `?lang=${language}` : ''}`
    : '';
  const absoluteImage = new URL(image, globalThis.location?.origin ?? 'http://localhost').toString();
  setMeta('name', 'description', description);
  setMeta('property', 'og:site_name', SITE_NAME);
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:title', fullTitle);
  setMeta('property', 'og:description', description);
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:image', absoluteImage);
  setMeta('name', 'twitter:card', 'summary_large_image');
  setMeta('name', 'twitter:title', fullTitle);
  setMeta('name', 'twitter:description', description);
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.appendChild(canonical);
  }
  canonical.href = url;
}

/**
 * For pages whose meta depends on data (a product's name): applied once the data is there. It
 * runs as a passive effect, after the shell's route meta (a layout effect), so it always wins.
 */
export function usePageMeta(meta: PageMeta | null): void {
  const { title, description, image } = meta ?? {};
  useEffect(() => {
    if (title) applyPageMeta({ title, description, image });
  }, [title, description, image]);
}
