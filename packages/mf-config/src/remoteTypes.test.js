const fs = require('node:fs');
const path = require('node:path');
const { runWebpack } = require('./runWebpack');
const { publishedTypes, PublishTypesPlugin } = require('./remoteTypes');
const { consumedTypes, currentCopy, remotes } = require('./consumeRemoteTypes');

const CACHE = path.join(__dirname, '..', 'node_modules', '.cache');

/** A remote of a few files in a folder of its own. */
function fixtureRemote(files) {
  fs.mkdirSync(CACHE, { recursive: true });
  const dir = fs.mkdtempSync(path.join(CACHE, 'remote-types-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

afterAll(() => {
  for (const entry of fs.existsSync(CACHE) ? fs.readdirSync(CACHE) : [])
    if (entry.startsWith('remote-types-')) fs.rmSync(path.join(CACHE, entry), { recursive: true, force: true });
});

describe("a remote's published types", () => {
  const widget = {
    'src/widget/ChatWidget.tsx': [
      "import type { Placement } from './placement';",
      "import { useState } from 'react';",
      'export interface ChatWidgetProps { open?: boolean; onClose?: () => void; placement: Placement }',
      'export default function ChatWidget({ open }: ChatWidgetProps): JSX.Element | null {',
      '  const [shown] = useState(open);',
      '  return shown ? <aside>Assistant</aside> : null;',
      '}',
    ].join('\n'),
    'src/widget/placement.ts': "export type Placement = 'corner' | 'page';\nexport const DEFAULT: Placement = 'corner';\n",
    'src/page/ChatPage.tsx': 'export default function ChatPage(): JSX.Element {\n  return <main>Chat</main>;\n}\n',
  };

  it("are each exposed module's declarations, the files they need, and an index of the exposes, in Module Federation's layout", () => {
    const dir = fixtureRemote(widget);
    const files = publishedTypes({
      dir,
      exposes: { './ChatWidget': './src/widget/ChatWidget.tsx', './ChatPage': './src/page/ChatPage.tsx' },
    });
    expect(Object.keys(files).sort()).toEqual([
      'ChatPage.d.ts',
      'ChatWidget.d.ts',
      'compiled-types/src/page/ChatPage.d.ts',
      'compiled-types/src/widget/ChatWidget.d.ts',
      'compiled-types/src/widget/placement.d.ts',
      'index.d.ts',
    ]);
    expect(files['compiled-types/src/widget/ChatWidget.d.ts']).toContain('placement: Placement;');
    expect(files['compiled-types/src/widget/ChatWidget.d.ts']).toContain(
      'export default function ChatWidget({ open }: ChatWidgetProps): JSX.Element | null;',
    );
    // The code is not published, only the types.
    expect(files['compiled-types/src/widget/ChatWidget.d.ts']).not.toContain('useState');
    expect(files['ChatWidget.d.ts']).toBe(
      "export * from './compiled-types/src/widget/ChatWidget';\nexport { default } from './compiled-types/src/widget/ChatWidget';\n",
    );
    expect(files['index.d.ts']).toContain("  './ChatWidget': typeof import('./ChatWidget');\n  './ChatPage': typeof import('./ChatPage');");
  });

  it('refuse an exposed export whose type is left to inference, naming the file', () => {
    const dir = fixtureRemote({ 'src/Page.tsx': 'export default function Page() {\n  return <main />;\n}\n' });
    expect(() => publishedTypes({ dir, exposes: { './Page': './src/Page.tsx' } })).toThrow(/src\/Page\.tsx: .*isolatedDeclarations/);
  });

  it('are in the build, beside mf-manifest.json', async () => {
    const dir = fixtureRemote({ ...widget, 'src/index.js': 'export default 1;\n' });
    const stats = await runWebpack(dir, {
      entry: './src/index.js',
      plugins: [new PublishTypesPlugin({ dir, exposes: { './ChatPage': './src/page/ChatPage.tsx' } })],
    });
    expect(stats.hasErrors()).toBe(false);
    expect(fs.readFileSync(path.join(dir, 'dist', '@mf-types', 'compiled-types', 'src', 'page', 'ChatPage.d.ts'), 'utf8')).toContain(
      'export default function ChatPage(): JSX.Element;',
    );
    expect(fs.existsSync(path.join(dir, 'dist', '@mf-types', 'index.d.ts'))).toBe(true);
  });
});

describe("the shell's copy of the remotes' types (shell/@mf-types)", () => {
  it('holds every remote of the shop', () => {
    expect(
      remotes()
        .map((remote) => remote.name)
        .sort(),
    ).toEqual(['mf_account', 'mf_admin', 'mf_catalog', 'mf_chat', 'mf_checkout']);
  });

  it('is what every remote publishes now (else run `npm run mf-types`, then the typecheck)', () => {
    expect(currentCopy()).toEqual(consumedTypes());
  });
});
