import { configure } from '@testing-library/react';

// Screens wait for real (mocked) fetches and lazy chunks; the first screen of a file also loads
// antd itself. Allow for a busy two-core CI machine. (Here, after the framework is installed, so
// Testing Library still registers its automatic cleanup.)
configure({ asyncUtilTimeout: 10000 });
