import { DESCRIPTION_WORD_LIMIT } from '@shop/api-types';

/** Plain text of an HTML fragment, cut to a number of words with an ellipsis. */
export function truncateWords(html: string, limit = DESCRIPTION_WORD_LIMIT): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'");
  const words = text.split(/\s+/).filter(Boolean);
  return words.length <= limit ? words.join(' ') : `${words.slice(0, limit).join(' ')}…`;
}
