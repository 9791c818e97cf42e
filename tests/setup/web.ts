import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Pages are lazy route modules: the first render of one waits for Vite to transform it, which
// takes longer than Testing Library's default second on a busy 2-core machine.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
