/**
 * /search?q=…: the results of the header's search. The header's box is the one search box (it is
 * open on this page, holding the words): a second one here showed two boxes at once.
 */
export default function SearchPage(): JSX.Element;
