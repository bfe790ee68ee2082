// Every screen test waits for real (mocked) fetches and for lazily loaded parts (the toast
// library, a remote's chunk) that jest transforms on first use: on a busy two-core CI machine
// that outlasts Testing Library's 1 s default without anything being wrong.
require('@testing-library/react').configure({ asyncUtilTimeout: 3000 });
