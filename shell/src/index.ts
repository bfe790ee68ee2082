// The async boundary: shared modules (React, the store kit...) are negotiated with the remotes
// before any of them is used, so nothing has to be bundled eagerly.
import('./bootstrap');
