import { retryRemotePluginWith } from './retryRemotePlugin';

/** The plugin's answer to a failed entry load, as the runtime calls it, and the failed load it keeps meanwhile. */
async function afterFailedEntry(getRemoteEntry: jest.Mock) {
  const plugin = retryRemotePluginWith([1, 1]);
  const globalLoading: Record<string, Promise<unknown> | undefined> = { mf_catalog: Promise.resolve(undefined) };
  const answer = await (plugin.loadEntryError as unknown as (args: object) => Promise<unknown>)({
    getRemoteEntry,
    origin: {},
    remoteInfo: { name: 'mf_catalog' },
    globalLoading,
    uniqueKey: 'mf_catalog',
  });
  return { answer, globalLoading };
}

describe('the retry plugin', () => {
  it("loads a remote's entry script again, forgetting the failed load each time", async () => {
    const entry = { get: jest.fn(), init: jest.fn() };
    const getRemoteEntry = jest.fn().mockRejectedValueOnce(new Error('ScriptExternalLoadError')).mockResolvedValueOnce(entry);
    const { answer, globalLoading } = await afterFailedEntry(getRemoteEntry);
    expect(answer).toBe(entry);
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect('mf_catalog' in globalLoading).toBe(false);
  });

  it("gives up after its last attempt (the area then shows its fallback), leaving no failed load behind for the area's Try again", async () => {
    const getRemoteEntry = jest.fn().mockRejectedValue(new Error('ScriptExternalLoadError'));
    const { answer, globalLoading } = await afterFailedEntry(getRemoteEntry);
    expect(answer).toBeUndefined();
    expect(getRemoteEntry).toHaveBeenCalledTimes(2);
    expect('mf_catalog' in globalLoading).toBe(false);
  });
});
