import { useEffect } from 'react';

export const SITE_NAME = 'Shwari Shop';
const DEFAULT_DESCRIPTION =
  'Flour and groceries from our mills, delivered free across Kenya. Pay online with M-Pesa, Airtel Money or card and earn Shwari Points.';

export interface PageMeta {
  title: string;
  description?: string;
  image?: string;
}

function setMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

/** Title, description and social-sharing meta for the current page. */
export function applyPageMeta({ title, description = DEFAULT_DESCRIPTION, image = '/og-image.png' }: PageMeta): void {
  const fullTitle = title === SITE_NAME ? title : `${title} | ${SITE_NAME}`;
  document.title = fullTitle;
  const url = globalThis.location?.href ?? '';
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
  canonical.href = url.split(/[?#]/)[0] ?? url;
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
