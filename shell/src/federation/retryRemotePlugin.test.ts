import { fetchWithRetries, retryRemotePluginWith } from './retryRemotePlugin';

const ok = () => new Response('{"id":"mf_catalog"}', { status: 200 });

afterEach(() => jest.restoreAllMocks());

describe('the retry plugin', () => {
  it("asks for a remote's manifest again after a lost request and a server error, then answers it", async () => {
    const fetchMock = jest
      .spyOn(globalThis, 'fetch')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response('', { status: 503 }))
      .mockResolvedValueOnce(ok());
    const response = await fetchWithRetries('/remotes/mf-catalog/mf-manifest.json', undefined, [1, 1]);
    expect(response.status).toBe(200);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after its last attempt (the area then shows its fallback), and never retries a 404', async () => {
    const lost = jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(fetchWithRetries('/m.json', undefined, [1, 1])).rejects.toThrow('Failed to fetch');
    expect(lost).toHaveBeenCalledTimes(3);
    lost.mockReset().mockResolvedValue(new Response('', { status: 404 }));
    expect((await fetchWithRetries('/m.json', undefined, [1, 1])).status).toBe(404);
    expect(lost).toHaveBeenCalledTimes(1);
  });

  it("loads a remote's entry script again, forgetting the failed load each time", async () => {
    const plugin = retryRemotePluginWith([1, 1]);
    const entry = { get: jest.fn(), init: jest.fn() };
    const globalLoading: Record<string, Promise<unknown> | undefined> = { mf_catalog: Promise.resolve(undefined) };
    const getRemoteEntry = jest.fn().mockRejectedValueOnce(new Error('ScriptExternalLoadError')).mockResolvedValueOnce(entry);
    const answer = await (plugin.loadEntryError as unknown as (args: object) => Promise<unknown>)({
      getRemoteEntry,
      origin: {},
      remoteInfo: { name: 'mf_catalog' },
      globalLoading,
      uniqueKey: 'mf_catalog',
    });
    expect(answer).toBe(entry);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect('mf_catalog' in globalLoading).toBe(false);
  });

  it("takes a remote page's lost stylesheet out of the page and puts it in again, so the page is not left unstyled", async () => {
    const plugin = retryRemotePluginWith([1, 1]);
    const url = 'http://shop.test/remotes/mf-catalog/113.9a62ec29.css';
    const createLink = plugin.createLink as (args: { url: string; attrs?: Record<string, string> }) => HTMLLinkElement | undefined;
    expect(createLink({ url, attrs: { rel: 'preload', as: 'style' } })).toBeUndefined();
    const first = createLink({ url, attrs: { rel: 'stylesheet', type: 'text/css' } })!;
    document.head.appendChild(first);
    const stylesheets = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

    first.dispatchEvent(new Event('error'));
    expect(stylesheets()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stylesheets().map((link) => link.href)).toEqual([url]);

    // Lost every time: after the last delay nothing is left that looks loaded.
    stylesheets()[0]!.dispatchEvent(new Event('error'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    stylesheets()[0]!.dispatchEvent(new Event('error'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stylesheets()).toEqual([]);
  });
});
