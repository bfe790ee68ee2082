import { createContext } from 'react';

/**
 * The screen width a page is drawn for when there is no window (the gateway drawing its first
 * screen): the gateway's guess from the shopper's browser, so a phone's first screen has a phone's
 * layout before the browser takes over.
 */
export const ServerViewportWidth = createContext(1200);
