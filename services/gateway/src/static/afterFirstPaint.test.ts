import vm from 'node:vm';
import { afterFirstPaintLoader, NO_PAINT_FALLBACK_MS, takeScripts } from './afterFirstPaint';
import type { Hint } from './pageHints';

/** The shell's template as its build writes it (minified), with a data island. */
const TEMPLATE =
  '<!doctype html><html lang=en><head><title>Shop</title><link rel=preload href=/bootstrap.css as=style>' +
  '<script defer src=/main.js fetchpriority=high></script><link rel=preload href=/react.1a2b.js as=script><link href=/framework.3c4d.js rel=preload as=script>' +
  '<script id="shop-remotes" type="application/json">{"remotes":[]}</script></head>' +
  '<body><div id=root></div></body></html>';

/** A product page's hints (pageHints): its remote's entry script, its CSS (linked by the drawn page itself), its data. */
const HINTS: Hint[] = [
  { href: '/remotes/mf-catalog/remoteEntry.js', as: 'script' },
  { href: '/remotes/mf-catalog/page.css', as: 'style' },
  { href: '/api/site/products/view/unga', as: 'fetch' },
];

interface FakeElement {
  tag: string;
  [property: string]: unknown;
}

/** Runs the inline loader against a stand-in browser: what it adds to the head, and when. */
function runLoader(loader: string, { paintTiming = true, observer = true } = {}) {
  const inline = /^<script>([\s\S]*)<\/script>$/.exec(loader);
  if (!inline) throw new Error('not one inline script');
  const added: FakeElement[] = [];
  /** Insertions into the head: each one is a DOM insertion the browser pays for (see afterFirstPaintScript). */
  let headInsertions = 0;
  /** A fragment's children, inserted with it. */
  const fragments = new Map<FakeElement, FakeElement[]>();
  const timers: Array<{ callback: () => void; ms: number }> = [];
  const listeners: Record<string, Array<() => void>> = {};
  const observers: Array<(list: { getEntriesByName(name: string): unknown[] }) => void> = [];
  const document = {
    head: {
      append: (node: FakeElement) => {
        headInsertions += 1;
        added.push(...(fragments.get(node) ?? [node]));
      },
    },
    createElement: (tag: string): FakeElement => ({ tag }),
    createDocumentFragment: (): FakeElement => {
      const children: FakeElement[] = [];
      const fragment = { tag: '#fragment', append: (element: FakeElement) => children.push(element) };
      fragments.set(fragment, children);
      return fragment;
    },
    hidden: false,
  };
  // Paint Timing as browsers have it: entries of type "paint" named first-paint and first-contentful-paint;
  // one without it ignores the type it does not know.
  class PerformanceObserver {
    constructor(private readonly callback: (typeof observers)[number]) {}
    observe(options: { type: string }) {
      if (paintTiming && options.type === 'paint') observers.push(this.callback);
    }
  }
  const paint = (name: string) => {
    for (const callback of observers) callback({ getEntriesByName: (asked) => (asked === name ? [{ name, entryType: 'paint' }] : []) });
  };
  vm.runInNewContext(inline[1]!, {
    document,
    setTimeout: (callback: () => void, ms = 0) => timers.push({ callback, ms }),
    addEventListener: (name: string, callback: () => void) => (listeners[name] ??= []).push(callback),
    ...(observer ? { PerformanceObserver } : {}),
  });
  return {
    added,
    headInsertions: () => headInsertions,
    /** Runs the timers due within `ms`. */
    timers: (ms = 0) =>
      timers
        .splice(0)
        .filter((timer) => timer.ms <= ms || (timers.push(timer), false))
        .forEach((timer) => timer.callback()),
    firstPaint: () => paint('first-paint'),
    firstContentfulPaint: () => paint('first-contentful-paint'),
    load: () => (listeners.load ?? []).forEach((callback) => callback()),
    hidden: () => {
      document.hidden = true;
    },
  };
}

describe('a drawn page starts its scripts after the first paint', () => {
  const { html, deferred } = takeScripts(TEMPLATE);
  const head = html.slice(0, html.indexOf('</head>'));

  it("takes the template's scripts and script preloads out of its head", () => {
    expect(head).not.toMatch(/<script[^>]*\bsrc=/);
    expect(head).not.toMatch(/as="?(script|fetch)"?/);
  });

  it('keeps what the first paint needs, and the data islands', () => {
    expect(head).toContain('<link rel=preload href=/bootstrap.css as=style>');
    expect(head).toContain('<script id="shop-remotes" type="application/json">{"remotes":[]}</script>');
    expect(html.slice(html.indexOf('</head>'))).toBe(TEMPLATE.slice(TEMPLATE.indexOf('</head>')));
  });

  const EVERYTHING = [
    { tag: 'script', src: '/main.js', async: false, fetchPriority: 'high' },
    { tag: 'link', rel: 'preload', href: '/react.1a2b.js', as: 'script' },
    { tag: 'link', rel: 'preload', href: '/framework.3c4d.js', as: 'script' },
    { tag: 'link', rel: 'preload', href: '/remotes/mf-catalog/remoteEntry.js', as: 'script' },
    // "" is "anonymous": the same CORS request as the fetch() that reads it.
    { tag: 'link', rel: 'preload', href: '/api/site/products/view/unga', as: 'fetch', crossOrigin: '' },
  ];

  it("adds them again once the first contentful paint is on screen: the entry script first, then the template's and the page's preloads", () => {
    const loader = runLoader(afterFirstPaintLoader(deferred, HINTS));
    // A paint without content, the load event: neither is the first screen on screen.
    loader.firstPaint();
    loader.load();
    loader.timers();
    expect(loader.added).toEqual([]);
    loader.firstContentfulPaint();
    expect(loader.added).toEqual(EVERYTHING);
    // All of them in one insertion into the head.
    expect(loader.headInsertions()).toBe(1);
    // Once only, whatever comes after.
    loader.firstContentfulPaint();
    loader.timers(NO_PAINT_FALLBACK_MS);
    expect(loader.added).toHaveLength(5);
  });

  it('starts them at the load event in a tab that draws no frames (opened in the background)', () => {
    const loader = runLoader(afterFirstPaintLoader(deferred, HINTS));
    loader.hidden();
    loader.load();
    loader.timers();
    expect(loader.added).toEqual(EVERYTHING);
  });

  it('starts them anyway a while after the load event when no contentful paint is reported (no Paint Timing)', () => {
    const loader = runLoader(afterFirstPaintLoader(deferred, HINTS), { paintTiming: false });
    loader.load();
    loader.timers(NO_PAINT_FALLBACK_MS - 1);
    expect(loader.added).toEqual([]);
    loader.timers(NO_PAINT_FALLBACK_MS);
    expect(loader.added).toEqual(EVERYTHING);
  });

  it('starts them at once in a browser without PerformanceObserver', () => {
    const loader = runLoader(afterFirstPaintLoader(deferred, HINTS), { observer: false });
    expect(loader.added).toEqual(EVERYTHING);
  });

  it('asks for the address as it is, and an address cannot close the loader early', () => {
    const loader = afterFirstPaintLoader(deferred, [{ href: '/api/x?a=1&b=</script><b>', as: 'fetch' }]);
    expect(loader).not.toContain('</script><b>');
    const run = runLoader(loader);
    run.firstContentfulPaint();
    run.timers();
    expect(run.added.at(-1)).toMatchObject({ href: '/api/x?a=1&b=</script><b>' });
  });

  it('leaves a template without scripts as it is', () => {
    const plain = '<!doctype html><html><head><title>Shop</title></head><body></body></html>';
    expect(takeScripts(plain)).toEqual({ html: plain, deferred: { scripts: [], preloads: [] } });
  });
});
