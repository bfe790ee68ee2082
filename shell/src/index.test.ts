/**
 * The shell's start-up stages: each one in a task of its own, the first too, so no stage's work
 * lands in main.js's own task (the federation runtime's start-up) or in another stage's task.
 */
const started: string[] = [];

jest.mock('react-dom/client', () => {
  started.push('react-dom/client');
  return {};
});
jest.mock('@shop/store-kit', () => {
  started.push('@shop/store-kit');
  return {};
});
jest.mock('./bootstrap', () => {
  started.push('bootstrap');
  return {};
});

/** Lets every pending promise settle, without running a timer. */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

test('each start-up stage starts after a task boundary, in order', async () => {
  jest.useFakeTimers();
  // The entry exports nothing (it only starts the shop), so the type checker has no module to name.
  const entry: string = './index';
  await import(entry);
  await settle();
  expect(started).toEqual([]);
  for (const stage of ['react-dom/client', '@shop/store-kit', 'bootstrap']) {
    const before = started.length;
    jest.advanceTimersToNextTimer();
    await settle();
    expect(started.slice(before)).toEqual([stage]);
  }
  jest.useRealTimers();
});
