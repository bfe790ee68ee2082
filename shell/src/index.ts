// The async boundary: shared modules (React, the store kit...) are negotiated with the remotes
// before any of them is used, so nothing has to be bundled eagerly. Named, so the gateway can
// hint it in each page's head (services/gateway/src/static/pageHints.ts).
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
