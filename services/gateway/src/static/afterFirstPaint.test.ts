import vm from 'node:vm';
import { afterFirstPaintLoader, takeScripts } from './afterFirstPaint';
import type { Hint } from './pageHints';

/** The shell's template as its build writes it (minified), with a data island. */
const TEMPLATE =
  '<!doctype html><html lang=en><head><title>Shop</title><link rel=preload href=/bootstrap.css as=style>' +
  '<script defer src=/main.js fetchpriority=high></script><link rel=preload href=/react.1a2b.js as=script><link href=/framework.3c4d.js rel=preload as=script>' +
  '<script id="shop-remotes" type="application/json">{"remotes":[]}</script></head>' +
  '<body><div id=root></div></body></html>';

/** A product page's hints (pageHints): its remote's manifest, its CSS (linked by the drawn page itself), its data. */
const HINTS: Hint[] = [
  { href: '/remotes/mf-catalog/mf-manifest.json', as: 'fetch' },
  { href: '/remotes/mf-catalog/page.css', as: 'style' },
  { href: '/api/site/products/view/unga', as: 'fetch' },
];

interface FakeElement {
  tag: string;
  [property: string]: unknown;
}

/** Runs the inline loader against a stand-in document: what it adds to the head, and when. */
function runLoader(loader: string) {
  const inline = /^<script>([\s\S]*)<\/script>$/.exec(loader);
  if (!inline) throw new Error('not one inline script');
  const added: FakeElement[] = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const listeners: Record<string, Array<() => void>> = {};
  const window = {
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
    addEventListener: (name: string, callback: () => void) => (listeners[name] ??= []).push(callback),
  };
  const document = {
    head: { appendChild: (element: FakeElement) => added.push(element) },
    createElement: (tag: string): FakeElement => ({ tag }),
  };
  vm.runInNewContext(inline[1]!, { window, document });
  return {
    added,
    frame: () => frames.splice(0).forEach((callback) => callback()),
    timers: () => timers.splice(0).forEach((callback) => callback()),
    load: () => (listeners.load ?? []).forEach((callback) => callback()),
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

  it("adds them again one frame after the first paint: the entry script first, then the template's and the page's preloads", () => {
    const loader = runLoader(afterFirstPaintLoader(deferred, HINTS));
    loader.frame();
    expect(loader.added).toEqual([]);
    loader.timers();
    expect(loader.added).toEqual([
      { tag: 'script', src: '/main.js', async: false, fetchPriority: 'high' },
      { tag: 'link', rel: 'preload', href: '/react.1a2b.js', as: 'script' },
      { tag: 'link', rel: 'preload', href: '/framework.3c4d.js', as: 'script' },
      { tag: 'link', rel: 'preload', href: '/remotes/mf-catalog/mf-manifest.json', as: 'fetch', crossOrigin: 'anonymous' },
      { tag: 'link', rel: 'preload', href: '/api/site/products/view/unga', as: 'fetch', crossOrigin: 'anonymous' },
    ]);
    // Once only, whichever comes first.
    loader.load();
    expect(loader.added).toHaveLength(5);
  });

  it('starts them at the load event in a tab that draws no frames (opened in the background)', () => {
    const loader = runLoader(afterFirstPaintLoader(deferred, HINTS));
    loader.load();
    expect(loader.added.map((element) => element.src ?? element.href)).toEqual([
      '/main.js',
      '/react.1a2b.js',
      '/framework.3c4d.js',
      '/remotes/mf-catalog/mf-manifest.json',
      '/api/site/products/view/unga',
    ]);
  });

  it('asks for the address as it is, and an address cannot close the loader early', () => {
    const loader = afterFirstPaintLoader(deferred, [{ href: '/api/x?a=1&b=</script><b>', as: 'fetch' }]);
    expect(loader).not.toContain('</script><b>');
    const run = runLoader(loader);
    run.load();
    expect(run.added.at(-1)).toMatchObject({ href: '/api/x?a=1&b=</script><b>' });
  });

  it('leaves a template without scripts as it is', () => {
    const plain = '<!doctype html><html><head><title>Shop</title></head><body></body></html>';
    expect(takeScripts(plain)).toEqual({ html: plain, deferred: { scripts: [], preloads: [] } });
  });
});
