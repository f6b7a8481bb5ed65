import { parseWithoutEval } from '@app/contract';

// The page's CSP forbids eval: set up the contract's schemas for it before any of them parses.
parseWithoutEval();
