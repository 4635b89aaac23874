import { fuzzRoutes } from './contract-fuzz-suite';

// Half of the routes; contract-fuzz-2.test.ts has the others, in the other integration half.
fuzzRoutes(0, 2);
