import { ContentState, EditorState, Modifier, convertToRaw } from 'draft-js';
import draftToHtml from 'draftjs-to-html';
import htmlToDraft from 'html-to-draftjs';

/** Link protocols the editor accepts (admin spec section 9); anything else becomes about:blank. */
export const LINK_PROTOCOLS = ['http:', 'https:', 'mailto:', 'tel:'];
const IMAGE_PROTOCOLS = ['http:', 'https:'];

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** 'javascript:…' and friends to about:blank; a bare 'www.example.com' gets https://. */
export function safeLink(raw: string): string {
  const url = raw.trim();
  if (!url) return 'about:blank';
  const absolute = parse(url);
  if (absolute) return LINK_PROTOCOLS.includes(absolute.protocol) ? absolute.href : 'about:blank';
  // No scheme: a host name typed without one, or a path on our own site.
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  const withScheme = parse(`https://${url}`);
  return withScheme ? withScheme.href : 'about:blank';
}

/** Images by URL: http(s) or a path on our own site; anything else is dropped. */
export function safeImageSource(raw: string): string | null {
  const url = raw.trim();
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  const absolute = parse(url);
  return absolute && IMAGE_PROTOCOLS.includes(absolute.protocol) ? absolute.href : null;
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface RawEntity {
  type: string;
  data: Record<string, unknown>;
}

/** Our own markup for links and images, so the protocol rules hold whatever the editor stored. */
function entityMarkup(entity: RawEntity, text: string): string | undefined {
  if (entity.type === 'LINK') {
    const href = safeLink(String(entity.data.url ?? entity.data.href ?? ''));
    return `<a href="${escapeAttribute(href)}" target="_blank" rel="noopener noreferrer">${text}</a>`;
  }
  if (entity.type === 'IMAGE') {
    const src = safeImageSource(String(entity.data.src ?? ''));
    if (!src) return '';
    const alt = escapeAttribute(String(entity.data.alt ?? ''));
    return `<img src="${escapeAttribute(src)}" alt="${alt}" />`;
  }
  return undefined;
}

/** The editor's content as the HTML the API stores (the server sanitises it again). Empty editor → ''. */
export function editorStateToHtml(state: EditorState): string {
  const content = state.getCurrentContent();
  const hasImage = content.getBlocksAsArray().some((block) => block.getType() === 'atomic');
  if (!content.getPlainText().trim() && !hasImage) return '';
  return draftToHtml(convertToRaw(content), undefined, false, entityMarkup).trim();
}

export function htmlToEditorState(html: string): EditorState {
  if (!html.trim()) return EditorState.createEmpty();
  const { contentBlocks, entityMap } = htmlToDraft(html);
  return EditorState.createWithContent(ContentState.createFromBlockArray(contentBlocks, entityMap));
}

/** The spec's code tab: two spaces inside a code block (elsewhere Tab keeps its list behaviour). */
export function insertCodeTab(state: EditorState): EditorState | null {
  const selection = state.getSelection();
  const block = state.getCurrentContent().getBlockForKey(selection.getStartKey());
  // react-draft-wysiwyg's Code block type is 'code' (draft-js's own is 'code-block').
  if (block.getType() !== 'code' && block.getType() !== 'code-block') return null;
  const content = Modifier.replaceText(state.getCurrentContent(), selection, '  ');
  return EditorState.push(state, content, 'insert-characters');
}

/** Text of an HTML fragment, to tell an empty description from a real one. */
export function htmlText(html: string): string {
  const element = document.createElement('div');
  element.innerHTML = html;
  return (element.textContent ?? '').trim();
}

export const EDITOR_TOOLBAR = {
  // The spec's header, bold, italic, underline, image and code block, plus bulleted and numbered
  // lists: product descriptions list ingredients and uses, and the catalogue keeps <ul>/<ol>.
  options: ['blockType', 'inline', 'list', 'link', 'image'],
  blockType: { inDropdown: true, options: ['Normal', 'H1', 'H2', 'H3', 'H4', 'Blockquote', 'Code'] },
  inline: { inDropdown: false, options: ['bold', 'italic', 'underline'] },
  list: { inDropdown: false, options: ['unordered', 'ordered'] },
  link: {
    options: ['link', 'unlink'],
    defaultTargetOption: '_blank',
    showOpenOptionOnHover: true,
    linkCallback: (link: { title: string; target: string; targetOption: string }) => ({ ...link, target: safeLink(link.target) }),
  },
  image: {
    urlEnabled: true,
    uploadEnabled: false,
    alignmentEnabled: false,
    previewImage: true,
    inputAccept: 'image/jpeg,image/png,image/webp',
    alt: { present: true, mandatory: false },
    defaultSize: { height: 'auto', width: 'auto' },
  },
};
