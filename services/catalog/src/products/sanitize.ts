import sanitizeHtml from 'sanitize-html';

/**
 * Rich text is cleaned before it is stored: an allow-list of tags, no attributes but safe links,
 * and links only with http, https, mailto and tel (others become about:blank, as the editor does).
 */
const SAFE_PROTOCOL = /^(https?:|mailto:|tel:)/i;

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'pre',
      'code',
      'a',
      'img',
      'span',
    ],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'], a: ['http', 'https', 'mailto', 'tel', 'about'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const safe = SAFE_PROTOCOL.test(href.trim()) || href.startsWith('/') ? href : 'about:blank';
        return { tagName, attribs: { ...attribs, href: safe, rel: 'noopener noreferrer nofollow' } };
      },
    },
  });
}

/** Plain text of an HTML fragment (search, meta descriptions). */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
