// WCAG 2.5.3 (label in name), checked after every screen test of every workspace: a control
// that shows words must carry those words in its accessible name, or a voice-control user who
// says what they see ("click Add to Cart", "click Action") reaches nothing. axe has the rule as
// experimental, so the bench only saw it on the pages it visits; here every screen that any test
// renders is checked, so an aria-label that leaves out the visible words cannot be written again.
// The comparison is axe's (label-content-name-mismatch), a little stricter: lower case,
// punctuation and symbols dropped, the visible words contained in the name as whole words
// ("Action" is not in "Actions for…"). Only text counts as shown: an icon's name ("more", "up") is
// not a word anyone sees, so the decorative icon beside words should be aria-hidden, or axe in a
// real browser reads its name as part of the visible text; one character is not compared.

// Roles whose name a browser takes from their content: only there does an aria-label hide words.
const NAMED_FROM_CONTENT = new Set([
  'button',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'checkbox',
  'radio',
  'switch',
  'option',
  'treeitem',
]);

const IMPLICIT_ROLE = { BUTTON: 'button', A: 'link', SUMMARY: 'button' };

function roleOf(element) {
  const explicit = element.getAttribute('role');
  if (explicit) return explicit.trim().split(/\s+/)[0];
  if (element.tagName === 'A' && !element.hasAttribute('href')) return null;
  return IMPLICIT_ROLE[element.tagName] ?? null;
}

function isHidden(element) {
  const style = element.style;
  return (
    element.getAttribute('aria-hidden') === 'true' ||
    element.hasAttribute('hidden') ||
    style?.display === 'none' ||
    style?.visibility === 'hidden' ||
    // A list kept for screen readers only (antd's Select keeps its options so): nothing is seen.
    (style?.height === '0px' && style?.width === '0px')
  );
}

function hiddenWithItsAncestors(element) {
  for (let node = element; node && node.nodeType === 1; node = node.parentElement) if (isHidden(node)) return true;
  return false;
}

/** The words a sighted user reads on the control: its text, not its images' names. */
function visibleText(node) {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1 || isHidden(node)) return '';
  if (node.getAttribute('role') === 'img' || node.tagName === 'IMG' || node.tagName === 'svg') return ' ';
  return Array.from(node.childNodes, visibleText).join('');
}

function accessibleName(element) {
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy)
    return labelledBy
      .split(/\s+/)
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ');
  return element.getAttribute('aria-label') ?? '';
}

const curate = (text) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();

// axe's "human interpretable", roughly: more than one letter or digit once symbols are dropped.
const sayable = (text) => curate(text).replace(/\s/g, '').length > 1;

/** Controls under `root` whose accessible name leaves out the words they show. */
function labelInNameMismatches(root) {
  const found = [];
  for (const element of root.querySelectorAll('[aria-label], [aria-labelledby]')) {
    const role = roleOf(element);
    if (!role || !NAMED_FROM_CONTENT.has(role) || hiddenWithItsAncestors(element)) continue;
    const shown = visibleText(element);
    const name = accessibleName(element);
    if (!sayable(shown) || !sayable(name)) continue;
    if (!` ${curate(name)} `.includes(` ${curate(shown)} `))
      found.push(`<${element.tagName.toLowerCase()}> shows "${shown.replace(/\s+/g, ' ').trim()}" but is named "${name}"`);
  }
  return found;
}

module.exports = { labelInNameMismatches };
