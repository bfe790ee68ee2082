import { EditorState, SelectionState, ContentState } from 'draft-js';
import { editorStateToHtml, htmlText, htmlToEditorState, insertCodeTab, safeImageSource, safeLink } from './richText';

describe('rich text rules', () => {
  it('allows only http, https, mailto and tel links; others become about:blank', () => {
    expect(safeLink('https://shwari.example/flour')).toBe('https://shwari.example/flour');
    expect(safeLink('http://example.com')).toBe('http://example.com/');
    expect(safeLink('mailto:sales@shwarimills.co.ke')).toBe('mailto:sales@shwarimills.co.ke');
    expect(safeLink('tel:+254700000000')).toBe('tel:+254700000000');
    expect(safeLink('javascript:alert(1)')).toBe('about:blank');
    expect(safeLink(' JaVaScRiPt:alert(1)')).toBe('about:blank');
    expect(safeLink('data:text/html,<script>')).toBe('about:blank');
    expect(safeLink('www.example.com')).toBe('https://www.example.com/');
    expect(safeLink('/shop/all')).toBe('/shop/all');
    expect(safeLink('')).toBe('about:blank');
  });

  it('keeps http(s) and site images only', () => {
    expect(safeImageSource('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeImageSource('/media/products/a.webp')).toBe('/media/products/a.webp');
    expect(safeImageSource('javascript:alert(1)')).toBeNull();
    expect(safeImageSource('//evil.example/x.png')).toBeNull();
  });

  it('converts HTML to the editor and back, with headers, bold, italic, underline, code and safe links', () => {
    const html =
      '<h2>Ugali flour</h2><p><strong>Sifted</strong> <em>fine</em> <ins>maize</ins> <a href="javascript:alert(1)">here</a> and <a href="https://shwari.example">there</a></p><pre>code</pre>';
    const out = editorStateToHtml(htmlToEditorState(html));
    expect(out).toContain('<h2>Ugali flour</h2>');
    expect(out).toContain('<strong>Sifted</strong>');
    expect(out).toContain('<em>fine</em>');
    expect(out).toContain('<ins>maize</ins>');
    expect(out).toContain('<a href="about:blank" target="_blank" rel="noopener noreferrer">here</a>');
    expect(out).toContain('<a href="https://shwari.example/" target="_blank" rel="noopener noreferrer">there</a>');
    expect(out).toContain('<pre>code</pre>');
  });

  it('an empty editor is an empty string, so required checks see nothing', () => {
    expect(editorStateToHtml(EditorState.createEmpty())).toBe('');
    expect(editorStateToHtml(htmlToEditorState('<p>   </p>'))).toBe('');
    expect(htmlText('<p><br></p>')).toBe('');
    expect(htmlText('<p>Hi</p>')).toBe('Hi');
  });

  it('Tab in a code block inserts two spaces; elsewhere it is left alone', () => {
    const code = htmlToEditorState('<pre>x</pre>');
    const block = code.getCurrentContent().getFirstBlock();
    const atEnd = EditorState.forceSelection(
      code,
      SelectionState.createEmpty(block.getKey()).merge({ anchorOffset: 1, focusOffset: 1 }) as SelectionState,
    );
    const tabbed = insertCodeTab(atEnd);
    expect(tabbed?.getCurrentContent().getFirstBlock().getText()).toBe('x  ');
    const plain = EditorState.createWithContent(ContentState.createFromText('x'));
    expect(insertCodeTab(plain)).toBeNull();
  });
});
