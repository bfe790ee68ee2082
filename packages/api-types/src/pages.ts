/**
 * The storefront's page table: one declaration (shell/src/routing/pages.ts) from which the shell
 * builds its routes and the gateway its first screens, preload hints and drawable pages. The shell's
 * server build carries it to the gateway as dist/server/pages.js (exporting STOREFRONT_PAGES), so a
 * redeployed shell brings its table with it, as it brings its renderer.
 */

import type { DEFAULT_LANGUAGE, ShopLanguage } from './firstScreen';

/** A page's title and description in one language. */
export interface PageText {
  title: string;
  description: string;
}

/** An exposed module of a remote; the shell narrows it to the modules its remotes publish. */
export interface RemotePageModule {
  remote: string;
  module: string;
}

/** Who shows a page: an exposed module of a remote, or one of the shell's own pages (a name the shell knows). */
export type PageOwner<ShellPage extends string = string, Remote extends RemotePageModule = RemotePageModule> =
  Remote | { shell: ShellPage };

export interface StorefrontPage<ShellPage extends string = string, Remote extends RemotePageModule = RemotePageModule> {
  /**
   * The route pattern, with the :params the owning module reads ('/shop/:brandSlug'), or a trailing
   * '*' for an area with routes of its own ('/profile/*'). The first page whose pattern matches a
   * path is the page: the more particular pattern comes first ('/shop/all' before '/shop/:brandSlug').
   */
  path: string;
  owner: PageOwner<ShellPage, Remote>;
  /**
   * Title and description set when the page is navigated to (the page may set its own after): in
   * English, with each other language's beside it ('sw'); a page without one shows the English.
   */
  meta: PageText & Partial<Record<Exclude<ShopLanguage, typeof DEFAULT_LANGUAGE>, PageText>>;
  /** Outside the storefront's header and footer (the back office has a layout of its own). */
  ownLayout?: true;
  /** The page of paths no other page takes (the shop's NotFound): the gateway answers it 404. */
  notFound?: true;
  /**
   * For signed-in shoppers only: the path of the page a signed-out one is sent to ('/login'). The
   * shell sends them there before loading this page's module, and the gateway prepares that page's
   * files instead of this one's: a first visit, with nothing cached, is never signed in.
   */
  signedOut?: string;
  /** What the gateway prepares for the first screen; a page without it is left to the browser alone. */
  firstScreen?: {
    /**
     * The API reads the page starts with, preloaded with the page (its remote's files are too):
     * ':slug' in one is the path's own :slug.
     */
    preload: string[];
    /**
     * Drawn into the HTML by the owning remote's first-screen renderer: 'shared' when alike for
     * every shopper, 'cart' from the cart cookie of a shopper who is not signed in.
     */
    drawn?: 'shared' | 'cart';
    /**
     * The query parameters the page reads (its module's useSearchParams: '/search' reads 'q'). A
     * drawn page is drawn and kept with only these, so `?utm_source=…` or `?fbclid=…` is the same
     * page and not another drawing; a page that reads none says `[]`. Absent (an older table), the
     * gateway leaves out only the usual tracking parameters.
     */
    query?: string[];
  };
}
